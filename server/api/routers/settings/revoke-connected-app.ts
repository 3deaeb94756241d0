import { revokeConnectedApp } from "../../../settings/connected-apps";
import { ANY_ROLE } from "../../../auth/roles";
import { protectedProcedure } from "../../trpc";
import { revokeConnectedAppInput, revokeConnectedAppOutput } from "./revoke-connected-app.types";

/** Any member may revoke their own grant; owners and admins any grant of the organization (a visibility rule of the data). */
export const revokeConnectedAppProcedure = protectedProcedure
  .meta({ scope: "none", roles: ANY_ROLE })
  .input(revokeConnectedAppInput)
  .output(revokeConnectedAppOutput)
  .mutation(({ ctx, input }) => revokeConnectedApp(ctx, input.id));
