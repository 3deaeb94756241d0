import { createPrivateApp, listPrivateApps, setPrivateAppActive } from "../../../settings/private-apps";
import { protectedProcedure } from "../../trpc";
import {
  createPrivateAppInput,
  createPrivateAppOutput,
  listPrivateAppsInput,
  listPrivateAppsOutput,
  setPrivateAppActiveInput,
  setPrivateAppActiveOutput,
} from "./private-app.types";

/** An organization's own OAuth clients; owners only (checked in the rules). */
const ownerProcedure = protectedProcedure.meta({ scope: "none" });

export const listPrivateAppsProcedure = ownerProcedure
  .input(listPrivateAppsInput)
  .output(listPrivateAppsOutput)
  .query(async ({ ctx }) => ({ data: await listPrivateApps(ctx) }));

export const createPrivateAppProcedure = ownerProcedure
  .input(createPrivateAppInput)
  .output(createPrivateAppOutput)
  .mutation(({ ctx, input }) => createPrivateApp(ctx, input));

export const setPrivateAppActiveProcedure = ownerProcedure
  .input(setPrivateAppActiveInput)
  .output(setPrivateAppActiveOutput)
  .mutation(({ ctx, input }) => setPrivateAppActive(ctx, input.id, input.isActive));
