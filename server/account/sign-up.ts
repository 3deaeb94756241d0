import { hashPassword } from "../auth/passwords";
import type { Db } from "../db/client";
import { createOrganizationInTransaction, timezoneSchema } from "../organizations/create-organization";
import { explainDatabaseError } from "../errors/database-error";
import { fieldError } from "./field-error";
import { runInTransaction } from "../db/run-in-transaction";
import { addMembership } from "../team/add-membership";
import { sendVerification } from "../team/email-verification";

/**
 * Sign-up: a new person starts a new organization and owns it. The user, the
 * organization (with its default pipeline) and the owner membership are
 * written in one transaction, so a failure leaves nothing behind.
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
  userId: string;
  organizationId: string;
  /** The address starts unverified: its link is mailed, or shown here (development without email only). */
  verificationUrl: string | null;
}

const EMAIL_TAKEN = "an account with this email already exists; sign in instead";

export async function signUp(db: Db, input: SignUpRequest): Promise<SignedUp> {
  if (await db.user.findUnique({ where: { email: input.email }, select: { id: true } })) {
    throw fieldError("email", EMAIL_TAKEN);
  }
  const timezone = timezoneSchema.safeParse(input.timezone ?? "");
  // Hashing is slow on purpose: do it before the transaction opens.
  const passwordHash = await hashPassword(input.password);
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
      return { userId: user.id, organizationId: organization.id, verificationUrl };
    });
  } catch (error) {
    // Two sign-ups racing for one email: the loser gets the same answer as a taken email.
    throw explainDatabaseError(error, { uniqueViolation: () => fieldError("email", EMAIL_TAKEN) });
  }
}
