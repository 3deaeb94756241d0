import { listConnectedApps } from "../../../settings/connected-apps";
import { ANY_ROLE, MANAGERS } from "../../../auth/roles";
import { protectedProcedure } from "../../trpc";
import { listConnectedAppsInput, listConnectedAppsOutput } from "./list-connected-apps.types";

/** Settings → Connected apps: every connection of the organization (owners and admins). */
export const listConnectedAppsProcedure = protectedProcedure
  .meta({ scope: "none", roles: MANAGERS })
  .input(listConnectedAppsInput)
  .output(listConnectedAppsOutput)
  .query(async ({ ctx }) => ({ data: await listConnectedApps(ctx, { mine: false }) }));

/** Profile → Connected apps: the caller's own connections (any member). */
export const listMyConnectedAppsProcedure = protectedProcedure
  .meta({ scope: "none", roles: ANY_ROLE })
  .input(listConnectedAppsInput)
  .output(listConnectedAppsOutput)
  .query(async ({ ctx }) => ({ data: await listConnectedApps(ctx, { mine: true }) }));
