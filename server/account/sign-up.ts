import { hashPassword } from "../auth/passwords";
import type { Db } from "../db/client";
import { createOrganizationInTransaction, timezoneSchema } from "../organizations/create-organization";
import { explainDatabaseError } from "../errors/database-error";
import { isMailConfigured } from "../mail/mail-settings";
import { queueMail } from "../mail/queue-mail";
import { renderMail } from "../mail/render-mail";
import { accountExistsMail } from "../mail/templates/account-mails";
import { appLink } from "../team/account-links";
import { runInTransaction } from "../db/run-in-transaction";
import { addMembership } from "../team/add-membership";
import { sendVerification } from "../team/email-verification";

const FORGOT_PASSWORD_PATH = "/forgot-password";

/**
 * Sign-up: a new person starts a new organization and owns it. The user, the
 * organization (with its default pipeline) and the owner membership are
 * written in one transaction, so a failure leaves nothing behind.
 *
 * An address that already has an account gets the very same answer (second
 * audit, L4: sign-up must not tell who has an account), nothing is written,
 * and the address's owner is mailed instead (when email is configured) with
 * the way back in. The password is hashed either way, so the answer takes as long.
 */
export interface SignUpRequest {
  name: string;
  /** Trimmed and lowercased. */
  email: string;
  password: string;
  organizationName: string;
  locale: "en" | "es";
  /** The browser's zone; an unknown value is dropped, not refused. */
  timezone?: string | null;
}

export interface SignedUp {
  /** The address starts unverified: its link is mailed, or shown here (development without email only). */
  verificationUrl: string | null;
}

/** What every sign-up of an address that already has an account answers: nothing a new one would not. */
const AS_IF_NEW: SignedUp = { verificationUrl: null };

export async function signUp(db: Db, input: SignUpRequest): Promise<SignedUp> {
  const timezone = timezoneSchema.safeParse(input.timezone ?? "");
  // Hashing is slow on purpose: do it before the transaction opens (and for a taken address too, so it answers as slowly).
  const passwordHash = await hashPassword(input.password);
  const existing = await db.user.findUnique({ where: { email: input.email }, select: { id: true } });
  if (existing) return mailExistingAccount(db, existing.id);
  try {
    return await runInTransaction(db, async (tx) => {
      const organization = await createOrganizationInTransaction(tx, {
        name: input.organizationName,
        locale: input.locale,
        timezone: timezone.success ? timezone.data : null,
      });
      const user = await tx.user.create({
        data: { email: input.email, name: input.name, passwordHash, locale: input.locale },
        select: { id: true, email: true, name: true, locale: true },
      });
      await addMembership(tx, { organizationId: organization.id, userId: user.id, role: "owner" });
      const { verificationUrl } = await sendVerification(tx, user);
      return { verificationUrl };
    });
  } catch (error) {
    // Two sign-ups racing for one email: the loser gets the same answer as a taken email.
    const taken = await db.user.findUnique({ where: { email: input.email }, select: { id: true } });
    if (taken) return mailExistingAccount(db, taken.id);
    throw explainDatabaseError(error, {});
  }
}

/** Tells the address's owner someone tried to sign up with it; answers as for a new address. */
async function mailExistingAccount(db: Db, userId: string): Promise<SignedUp> {
  if (!isMailConfigured()) return AS_IF_NEW;
  const user = await db.user.findUniqueOrThrow({ where: { id: userId }, select: { email: true, name: true, locale: true } });
  const message = renderMail(accountExistsMail, user.locale, { name: user.name, url: appLink(FORGOT_PASSWORD_PATH) }, user.email);
  await runInTransaction(db, (tx) => queueMail(tx, { organizationId: null, kind: "account-exists", message }));
  return AS_IF_NEW;
}
