import { sessionUserId } from "../../../account/session-user";
import { throttleAttempt } from "../../../auth/abuse-throttle";
import { resendVerification, verifyEmail } from "../../../team/email-verification";
import { dashboardPublicProcedure } from "./dashboard-door";
import { protectedProcedure } from "../../trpc";
import { ANY_ROLE } from "../../../auth/roles";
import { accountStatusInput, accountStatusOutput, resendVerificationInput, resendVerificationOutput, tokenInput, verifyEmailOutput } from "./team-account.types";

/** Opens a verification link (single use). */
export const verifyEmailProcedure = dashboardPublicProcedure
  .input(tokenInput)
  .output(verifyEmailOutput)
  .mutation(({ ctx, input }) => verifyEmail(ctx.db, input.token));

/** Sends a new verification link to the signed-in person (a few an hour). */
export const resendVerificationProcedure = protectedProcedure
  .meta({ scope: "none", roles: ANY_ROLE })
  .input(resendVerificationInput)
  .output(resendVerificationOutput)
  .mutation(async ({ ctx }) => {
    const userId = sessionUserId(ctx.principal);
    const user = await ctx.db.user.findUniqueOrThrow({ where: { id: userId }, select: { email: true } });
    await throttleAttempt("verification-mail", { address: ctx.clientAddress, email: user.email });
    return resendVerification(ctx.db, userId);
  });

/** The signed-in person's address and whether it is verified (the dashboard's reminder, the profile). */
export const accountStatusProcedure = protectedProcedure
  .meta({ scope: "none", roles: ANY_ROLE })
  .input(accountStatusInput)
  .output(accountStatusOutput)
  .query(async ({ ctx }) => {
    const user = await ctx.db.user.findUniqueOrThrow({
      where: { id: sessionUserId(ctx.principal) },
      select: { email: true, emailVerifiedAt: true, passwordHash: true },
    });
    return { email: user.email, emailVerified: user.emailVerifiedAt !== null, hasPassword: user.passwordHash !== null };
  });
