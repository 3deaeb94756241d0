import { createPrivateApp, listPrivateApps, setPrivateAppActive } from "../../../settings/private-apps";
import { protectedProcedure } from "../../trpc";
import { OWNERS } from "../../../auth/roles";
import {
  createPrivateAppInput,
  createPrivateAppOutput,
  listPrivateAppsInput,
  listPrivateAppsOutput,
  setPrivateAppActiveInput,
  setPrivateAppActiveOutput,
} from "./private-app.types";

/** An organization's own OAuth clients: owners only (a client secret reaches the organization's data once someone allows it). */
const ownersOnly = { scope: "none", roles: OWNERS } as const;

export const listPrivateAppsProcedure = protectedProcedure
  .meta(ownersOnly)
  .input(listPrivateAppsInput)
  .output(listPrivateAppsOutput)
  .query(async ({ ctx }) => ({ data: await listPrivateApps(ctx) }));

export const createPrivateAppProcedure = protectedProcedure
  .meta(ownersOnly)
  .input(createPrivateAppInput)
  .output(createPrivateAppOutput)
  .mutation(({ ctx, input }) => createPrivateApp(ctx, input));

export const setPrivateAppActiveProcedure = protectedProcedure
  .meta(ownersOnly)
  .input(setPrivateAppActiveInput)
  .output(setPrivateAppActiveOutput)
  .mutation(({ ctx, input }) => setPrivateAppActive(ctx, input.id, input.isActive));
