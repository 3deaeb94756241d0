import { listConnectedApps } from "../../../settings/connected-apps";
import { protectedProcedure } from "../../trpc";
import { listConnectedAppsInput, listConnectedAppsOutput } from "./list-connected-apps.types";

/** Any member (their own grants); the whole organization's list needs owner or admin, checked in the rule. */
export const listConnectedAppsProcedure = protectedProcedure
  .meta({ scope: "none" })
  .input(listConnectedAppsInput)
  .output(listConnectedAppsOutput)
  .query(async ({ ctx, input }) => ({ data: await listConnectedApps(ctx, input) }));
