import { sessionUserId } from "../../../account/session-user";
import { changePassword, requestPasswordReset, resetPassword } from "../../../team/password-reset";
import { dashboardPublicProcedure } from "./dashboard-door";
import { protectedProcedure } from "../../trpc";
import { ANY_ROLE } from "../../../auth/roles";
import { changePasswordInput, emailOutput, okOutput, requestPasswordResetInput, resetPasswordInput } from "./team-account.types";

/** Forgot password: always `{ ok: true }`, whether or not the address has an account; throttled. */
export const requestPasswordResetProcedure = dashboardPublicProcedure
  .input(requestPasswordResetInput)
  .output(okOutput)
  .mutation(({ ctx, input }) => requestPasswordReset(ctx.db, { email: input.email, address: ctx.clientAddress }));

/** Sets a new password from a reset link (single use, 1 hour); every session of the account ends. */
export const resetPasswordProcedure = dashboardPublicProcedure
  .input(resetPasswordInput)
  .output(emailOutput)
  .mutation(({ ctx, input }) => resetPassword(ctx.db, input));

/** Profile → change password: every session ends; the page signs in again with the new one. */
export const changePasswordProcedure = protectedProcedure
  .meta({ scope: "none", roles: ANY_ROLE })
  .input(changePasswordInput)
  .output(emailOutput)
  .mutation(({ ctx, input }) => changePassword(ctx.db, sessionUserId(ctx.principal), input));
