import { teamProcedure } from "./team-procedure";
import { invitationIdInput, revokeInvitationOutput } from "./team.types";
import { revokeInvitation } from "../../../team/invitations";

/** Revokes an open invitation: its link stops working at once. */
export const revokeInvitationProcedure = teamProcedure
  .input(invitationIdInput)
  .output(revokeInvitationOutput)
  .mutation(({ ctx, input }) => revokeInvitation(ctx, input.id));
