import { protectedProcedure } from "../../trpc";
import { MANAGERS } from "../../../auth/roles";
import { invitationIdInput, sentInvitationSchema } from "./team.types";
import { resendInvitation } from "../../../team/invitations";

/** A new link for an open invitation, valid 7 days from now; the previous link stops working. */
export const resendInvitationProcedure = protectedProcedure
  .meta({ scope: "none", roles: MANAGERS })
  .input(invitationIdInput)
  .output(sentInvitationSchema)
  .mutation(({ ctx, input }) => resendInvitation(ctx, input.id));
