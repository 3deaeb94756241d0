import type { Db, DbTx } from "../db/client";
import type { DomainContext } from "../domain-context";
import { isUuid } from "../ids";
import { runInTransaction } from "../db/run-in-transaction";
import { isMailConfigured } from "../mail/mail-settings";
import { queueMail } from "../mail/queue-mail";
import { renderMail } from "../mail/render-mail";
import { SEALED_LINK_PLACEHOLDER } from "../mail/sealed-link";
import { verifyEmailMail } from "../mail/templates/account-mails";
import { appLink, verificationLinkOnScreen } from "./account-links";
import { consumeAccountToken, issueAccountToken } from "./account-tokens";
import { teamErrors } from "./team-errors";

/**
 * Address verification. A self-made account starts unverified: until its
 * owner opens the link mailed to the address, no invitation and no CLI
 * `user create` links it to an organization (so nobody can pre-register a
 * colleague's address and inherit their seat). Without outgoing email, in
 * development only, the link is shown on screen instead.
 */
export const VERIFY_EMAIL_PATH = "/verify-email";

export interface VerificationSent {
  /** Whether the link was queued by email. */
  emailed: boolean;
  /** The link itself, only without email in development. */
  verificationUrl: string | null;
}

/** Issues a new link (earlier ones stop working) and queues its mail, in the caller's transaction. */
export async function sendVerification(tx: DbTx, user: { id: string; email: string; name: string; locale: "en" | "es" }): Promise<VerificationSent> {
  const token = await issueAccountToken(tx, user.id, "verify_email");
  const url = appLink(VERIFY_EMAIL_PATH, token);
  if (isMailConfigured()) {
    const message = renderMail(verifyEmailMail, user.locale, { name: user.name, url: SEALED_LINK_PLACEHOLDER }, user.email);
    await queueMail(tx, { organizationId: null, kind: "verify-email", message, link: url });
  }
  return { emailed: isMailConfigured(), verificationUrl: verificationLinkOnScreen(url) };
}

/** "Send the link again" from the dashboard; nothing to do for a verified address. */
export async function resendVerification(db: Db, userId: string): Promise<VerificationSent & { alreadyVerified: boolean }> {
  return runInTransaction(db, async (tx) => {
    const user = await tx.user.findUniqueOrThrow({ where: { id: userId }, select: { id: true, email: true, name: true, locale: true, emailVerifiedAt: true } });
    if (user.emailVerifiedAt) return { alreadyVerified: true, emailed: false, verificationUrl: null };
    return { alreadyVerified: false, ...(await sendVerification(tx, user)) };
  });
}

/** Opens a verification link: single use; the address counts as verified from now on. */
export async function verifyEmail(db: Db, token: string): Promise<{ email: string }> {
  return runInTransaction(db, async (tx) => {
    const userId = await consumeAccountToken(tx, token, "verify_email");
    if (!userId) throw teamErrors.linkInvalid();
    const user = await tx.user.findUniqueOrThrow({ where: { id: userId }, select: { email: true, emailVerifiedAt: true } });
    if (!user.emailVerifiedAt) await tx.user.update({ where: { id: userId }, data: { emailVerifiedAt: new Date() }, select: { id: true } });
    return { email: user.email };
  });
}

export interface MemberVerification extends VerificationSent {
  alreadyVerified: boolean;
}

/**
 * Settings → Members, for a member whose address is not confirmed: a new
 * confirmation link, mailed to them; when outgoing email is not configured,
 * handed to the owner or admin to copy and pass on, as invitation links are
 * (the admin vouches for the address, as the operator does with the CLI).
 * One's own address is confirmed from one's profile, never vouched for here.
 */
export async function memberVerification(ctx: DomainContext, membershipId: string): Promise<MemberVerification> {
  return runInTransaction(ctx.db, async (tx) => {
    const membership = isUuid(membershipId)
      ? await tx.membership.findFirst({
          where: { id: membershipId, organizationId: ctx.principal.organizationId },
          select: { user: { select: { id: true, email: true, name: true, locale: true, emailVerifiedAt: true } } },
        })
      : null;
    if (!membership) throw teamErrors.memberNotFound();
    const user = membership.user;
    if (user.id === ctx.principal.userId) throw teamErrors.ownVerification();
    if (user.emailVerifiedAt) return { alreadyVerified: true, emailed: false, verificationUrl: null };
    const token = await issueAccountToken(tx, user.id, "verify_email");
    const url = appLink(VERIFY_EMAIL_PATH, token);
    if (!isMailConfigured()) return { alreadyVerified: false, emailed: false, verificationUrl: url };
    const message = renderMail(verifyEmailMail, user.locale, { name: user.name, url: SEALED_LINK_PLACEHOLDER }, user.email);
    await queueMail(tx, { organizationId: null, kind: "verify-email", message, link: url });
    return { alreadyVerified: false, emailed: true, verificationUrl: null };
  });
}
