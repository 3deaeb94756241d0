import { fieldError } from "../account/field-error";
import { assertSignInAllowed, recordSignIn, throttleAttempt } from "../auth/abuse-throttle";
import { hashPassword, verifyPassword } from "../auth/passwords";
import type { Db } from "../db/client";
import { runInTransaction } from "../db/run-in-transaction";
import { isMailConfigured } from "../mail/mail-settings";
import { queueMail } from "../mail/queue-mail";
import { renderMail } from "../mail/render-mail";
import { SEALED_LINK_PLACEHOLDER } from "../mail/sealed-link";
import { resetPasswordMail } from "../mail/templates/account-mails";
import { revokeGrantsOfUser } from "../oauth/revoke-user-grants";
import { logger } from "../system/logger";
import { appLink } from "./account-links";
import { consumeAccountToken, issueAccountToken, peekAccountToken } from "./account-tokens";
import { teamErrors } from "./team-errors";

/**
 * Forgot password: the answer is the same whether or not the address has an
 * account (and the throttle counts both alike), the link works once for an
 * hour, and using it ends every session and every connected app of the
 * account, since whoever had the old password may be signed in somewhere or
 * have connected an app. Opening it also verifies the
 * address: the mail reached it.
 */
export const RESET_PASSWORD_PATH = "/reset-password";

export async function requestPasswordReset(db: Db, input: { email: string; address?: string }): Promise<{ ok: true }> {
  await throttleAttempt("password-reset", { address: input.address, email: input.email });
  const user = await db.user.findUnique({ where: { email: input.email }, select: { id: true, email: true, name: true, locale: true } });
  if (!user) return { ok: true };
  if (!isMailConfigured()) {
    logger.warn("password-reset.not-sent", { userId: user.id, reason: "outgoing email not configured" });
    return { ok: true };
  }
  await runInTransaction(db, async (tx) => {
    const token = await issueAccountToken(tx, user.id, "reset_password");
    const message = renderMail(resetPasswordMail, user.locale, { name: user.name, url: SEALED_LINK_PLACEHOLDER }, user.email);
    await queueMail(tx, { organizationId: null, kind: "reset-password", message, link: appLink(RESET_PASSWORD_PATH, token) });
  });
  return { ok: true };
}

/** Sets the new password from a reset link; refuses a link that is unknown, used or older than an hour. */
export async function resetPassword(db: Db, input: { token: string; password: string }): Promise<{ email: string }> {
  // Checked before hashing, so a made-up token costs no Argon2 run.
  if (!(await peekAccountToken(db, input.token, "reset_password"))) throw teamErrors.linkInvalid();
  const passwordHash = await hashPassword(input.password);
  return runInTransaction(db, async (tx) => {
    const userId = await consumeAccountToken(tx, input.token, "reset_password");
    if (!userId) throw teamErrors.linkInvalid();
    const before = await tx.user.findUniqueOrThrow({ where: { id: userId }, select: { emailVerifiedAt: true } });
    const user = await tx.user.update({
      where: { id: userId },
      data: { passwordHash, sessionGeneration: { increment: 1 }, emailVerifiedAt: before.emailVerifiedAt ?? new Date() },
      select: { email: true },
    });
    await revokeGrantsOfUser(tx, userId);
    return { email: user.email };
  });
}

/**
 * Profile → change password: the current password is required (when the
 * account has one), and every session and connected app of the person ends, this one included;
 * the page signs in again with the new password, so only the others stay out.
 */
export async function changePassword(db: Db, userId: string, input: { currentPassword: string; newPassword: string }): Promise<{ email: string }> {
  const user = await db.user.findUniqueOrThrow({ where: { id: userId }, select: { email: true, passwordHash: true } });
  if (user.passwordHash) {
    await assertSignInAllowed({ email: user.email });
    const verified = await verifyPassword(user.passwordHash, input.currentPassword);
    await recordSignIn({ email: user.email }, verified);
    if (!verified) throw fieldError("currentPassword", "the current password is not right");
  }
  const passwordHash = await hashPassword(input.newPassword);
  await runInTransaction(db, async (tx) => {
    await tx.user.update({ where: { id: userId }, data: { passwordHash, sessionGeneration: { increment: 1 } }, select: { id: true } });
    await revokeGrantsOfUser(tx, userId);
  });
  return { email: user.email };
}
