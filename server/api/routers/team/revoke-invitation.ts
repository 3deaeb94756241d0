import { protectedProcedure } from "../../trpc";
import { MANAGERS } from "../../../auth/roles";
import { invitationIdInput, revokeInvitationOutput } from "./team.types";
import { revokeInvitation } from "../../../team/invitations";

/** Revokes an open invitation: its link stops working at once. */
export const revokeInvitationProcedure = protectedProcedure
  .meta({ scope: "none", roles: MANAGERS })
  .input(invitationIdInput)
  .output(revokeInvitationOutput)
  .mutation(({ ctx, input }) => revokeInvitation(ctx, input.id));
