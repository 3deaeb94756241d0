import type { Db, DbTx } from "../db/client";
import { runInTransaction } from "../db/run-in-transaction";
import { explainDatabaseError } from "../errors/database-error";
import { assertSignInAllowed, recordSignIn } from "../auth/abuse-throttle";
import { hashPassword, verifyPassword } from "../auth/passwords";
import type { MemberRole } from "../auth/roles";
import { hashLinkToken } from "./account-links";
import { addMembership } from "./add-membership";
import { teamErrors } from "./team-errors";

/**
 * The accept page: whoever holds the link sees what it is for; an existing
 * account joins with one click once signed in (with the invited address, and
 * verified: an account somebody else registered with that address is never
 * linked); a person without an account sets a name and a password and joins.
 * Such a new account counts as verified: the link reached the address, or an
 * admin chose to hand it over (copyable link without email).
 */

export type InvitationState = "pending" | "expired" | "revoked" | "accepted";

export interface InvitationPreview {
  state: InvitationState;
  email: string;
  role: MemberRole;
  organizationName: string;
  inviterName: string | null;
  /** Whether an account already uses the invited address (then the page asks to sign in). */
  accountExists: boolean;
}

export interface Joined {
  organizationId: string;
  organizationName: string;
  role: MemberRole;
  /** The joined account's email, so the page can sign a new account in. */
  email: string;
}

function stateOf(row: { acceptedAt: Date | null; revokedAt: Date | null; expiresAt: Date }, now = new Date()): InvitationState {
  if (row.acceptedAt) return "accepted";
  if (row.revokedAt) return "revoked";
  return row.expiresAt > now ? "pending" : "expired";
}

async function findByToken(db: Db | DbTx, token: string) {
  const row = await db.invitation.findUnique({
    where: { tokenHash: hashLinkToken(token) },
    select: {
      id: true,
      email: true,
      role: true,
      organizationId: true,
      acceptedAt: true,
      revokedAt: true,
      expiresAt: true,
      organization: { select: { name: true } },
      invitedBy: { select: { name: true } },
    },
  });
  if (!row) throw teamErrors.invitationNotFound();
  return row;
}

export async function previewInvitation(db: Db, token: string): Promise<InvitationPreview> {
  const row = await findByToken(db, token);
  const account = await db.user.findUnique({ where: { email: row.email }, select: { id: true } });
  return {
    state: stateOf(row),
    email: row.email,
    role: row.role,
    organizationName: row.organization.name,
    inviterName: row.invitedBy?.name ?? null,
    accountExists: account !== null,
  };
}

/** Closes the invitation if still pending: one conditional UPDATE, so a link is used once even by racing clicks. */
async function closeInvitation(tx: DbTx, id: string, userId: string): Promise<void> {
  const closed = await tx.$executeRaw`
    UPDATE "Invitation" SET "acceptedAt" = now(), "acceptedById" = ${userId}::uuid, "updatedAt" = now()
    WHERE id = ${id}::uuid AND "acceptedAt" IS NULL AND "revokedAt" IS NULL AND "expiresAt" > now()`;
  if (closed !== 1) throw teamErrors.invitationClosed();
}

async function join(tx: DbTx, invitation: Awaited<ReturnType<typeof findByToken>>, user: { id: string; email: string }): Promise<Joined> {
  await closeInvitation(tx, invitation.id, user.id);
  const existing = await tx.membership.findUnique({
    where: { organizationId_userId: { organizationId: invitation.organizationId, userId: user.id } },
    select: { role: true },
  });
  // Already a member (added meanwhile): the invitation is used up, the role they have stays.
  const role = existing?.role ?? (await addMembership(tx, { organizationId: invitation.organizationId, userId: user.id, role: invitation.role })).role;
  return { organizationId: invitation.organizationId, organizationName: invitation.organization.name, role, email: user.email };
}

/** One click for a signed-in person whose verified account has the invited address. */
export async function acceptInvitationAsUser(db: Db, userId: string, token: string): Promise<Joined> {
  return runInTransaction(db, async (tx) => {
    const invitation = await findByToken(tx, token);
    if (stateOf(invitation) !== "pending") throw teamErrors.invitationClosed();
    const user = await tx.user.findUniqueOrThrow({ where: { id: userId }, select: { id: true, email: true, emailVerifiedAt: true } });
    if (user.email !== invitation.email) throw teamErrors.otherEmail();
    if (!user.emailVerifiedAt) throw teamErrors.unverified();
    return join(tx, invitation, user);
  });
}

/** A person without an account: creates it (verified by the link) and joins, in one transaction. */
export async function acceptInvitationAsNewUser(db: Db, token: string, input: { name: string; password: string }): Promise<Joined> {
  const invitation = await findByToken(db, token);
  if (stateOf(invitation) !== "pending") throw teamErrors.invitationClosed();
  if (await db.user.findUnique({ where: { email: invitation.email }, select: { id: true } })) throw teamErrors.accountExists();
  const passwordHash = await hashPassword(input.password);
  try {
    return await runInTransaction(db, async (tx) => {
      const locale = (await tx.organization.findUniqueOrThrow({ where: { id: invitation.organizationId }, select: { locale: true } })).locale;
      const user = await tx.user.create({
        data: { email: invitation.email, name: input.name, passwordHash, locale, emailVerifiedAt: new Date() },
        select: { id: true, email: true },
      });
      return join(tx, invitation, user);
    });
  } catch (error) {
    // Another sign-up took the address meanwhile: the same answer as when it was taken before.
    throw explainDatabaseError(error, { uniqueViolation: teamErrors.accountExists });
  }
}

/**
 * An existing account, not signed in (possibly with no organization left,
 * so no dashboard session is possible): its password proves who is
 * accepting. Counted against the sign-in throttle; the address must be
 * verified, like the one-click path.
 */
export async function acceptInvitationWithPassword(db: Db, input: { token: string; password: string; address?: string }): Promise<Joined> {
  const invitation = await findByToken(db, input.token);
  if (stateOf(invitation) !== "pending") throw teamErrors.invitationClosed();
  const who = { address: input.address, email: invitation.email };
  await assertSignInAllowed(who);
  const user = await db.user.findUnique({ where: { email: invitation.email }, select: { id: true, email: true, passwordHash: true, emailVerifiedAt: true } });
  const verified = Boolean(user?.passwordHash && (await verifyPassword(user.passwordHash, input.password)));
  await recordSignIn(who, verified);
  if (!user || !verified) throw teamErrors.wrongPassword();
  if (!user.emailVerifiedAt) throw teamErrors.unverified();
  return runInTransaction(db, (tx) => join(tx, invitation, user));
}
