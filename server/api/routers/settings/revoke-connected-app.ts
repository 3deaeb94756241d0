import { revokeConnectedApp } from "../../../settings/connected-apps";
import { protectedProcedure } from "../../trpc";
import { revokeConnectedAppInput, revokeConnectedAppOutput } from "./revoke-connected-app.types";

/** Any member may revoke their own grant; owners and admins any grant of the organization (checked in the rule). */
export const revokeConnectedAppProcedure = protectedProcedure
  .meta({ scope: "none" })
  .input(revokeConnectedAppInput)
  .output(revokeConnectedAppOutput)
  .mutation(({ ctx, input }) => revokeConnectedApp(ctx, input.id));
