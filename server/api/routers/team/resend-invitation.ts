import { teamProcedure } from "./team-procedure";
import { invitationIdInput, sentInvitationSchema } from "./team.types";
import { resendInvitation } from "../../../team/invitations";

/** A new link for an open invitation, valid 7 days from now; the previous link stops working. */
export const resendInvitationProcedure = teamProcedure
  .input(invitationIdInput)
  .output(sentInvitationSchema)
  .mutation(({ ctx, input }) => resendInvitation(ctx, input.id));
