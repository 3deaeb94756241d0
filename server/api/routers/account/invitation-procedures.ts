import { sessionUserId } from "../../../account/session-user";
import { throttleAttempt } from "../../../auth/abuse-throttle";
import { acceptInvitationAsNewUser, acceptInvitationAsUser, acceptInvitationWithPassword, previewInvitation } from "../../../team/accept-invitation";
import { dashboardPublicProcedure } from "./dashboard-door";
import { protectedProcedure } from "../../trpc";
import { ANY_ROLE } from "../../../auth/roles";
import { acceptAsNewUserInput, acceptWithPasswordInput, invitationPreviewOutput, joinedOutput, tokenInput } from "./team-account.types";

/** The accept page: what the link is for (404 for an unknown link). */
export const invitationPreviewProcedure = dashboardPublicProcedure
  .input(tokenInput)
  .output(invitationPreviewOutput)
  .query(({ ctx, input }) => previewInvitation(ctx.db, input.token));

/** One click for the signed-in person the invitation is for (verified address required). */
export const acceptInvitationProcedure = protectedProcedure
  .meta({ scope: "none", roles: ANY_ROLE })
  .input(tokenInput)
  .output(joinedOutput)
  .mutation(({ ctx, input }) => acceptInvitationAsUser(ctx.db, sessionUserId(ctx.principal), input.token));

/** A new person: name and password, then joined; the page signs them in. Throttled like sign-up (it hashes). */
export const acceptInvitationAsNewUserProcedure = dashboardPublicProcedure
  .input(acceptAsNewUserInput)
  .output(joinedOutput)
  .mutation(async ({ ctx, input }) => {
    // Per address, and per invitation (its token stands in for the email, which the caller does not send).
    await throttleAttempt("sign-up", { address: ctx.clientAddress, email: input.token });
    return acceptInvitationAsNewUser(ctx.db, input.token, input);
  });

/** An existing account, not signed in: its password, then joined; the page signs it in. */
export const acceptInvitationWithPasswordProcedure = dashboardPublicProcedure
  .input(acceptWithPasswordInput)
  .output(joinedOutput)
  .mutation(({ ctx, input }) => acceptInvitationWithPassword(ctx.db, { ...input, address: ctx.clientAddress }));
