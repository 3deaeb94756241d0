import { throttleInvitations } from "../auth/abuse-throttle";
import type { DbTx } from "../db/client";
import { runInTransaction } from "../db/run-in-transaction";
import type { DomainContext } from "../domain-context";
import { isUuid } from "../ids";
import { isMailConfigured } from "../mail/mail-settings";
import { queueMail } from "../mail/queue-mail";
import { renderMail } from "../mail/render-mail";
import { SEALED_LINK_PLACEHOLDER } from "../mail/sealed-link";
import { invitationMail } from "../mail/templates/account-mails";
import type { MemberRole } from "../auth/roles";
import { appLink, generateLinkToken, invitationLinkForAdmin } from "./account-links";
import { teamErrors } from "./team-errors";

/**
 * Settings → Members → invitations (owners and admins; only owners invite
 * owners). An invitation is open until accepted or revoked and usable for 7
 * days from when it was last sent; resending issues a new link (the old one
 * stops working) and restarts the 7 days. Inviting an address that already
 * has an open invitation replaces it. The link goes by email; when outgoing
 * email is not configured, the admin gets it to copy instead.
 */
export const INVITATION_TTL_MS = 7 * 24 * 3_600_000;
export const INVITATION_PATH = "/invite";

export interface InvitationView {
  id: string;
  email: string;
  role: MemberRole;
  status: "pending" | "expired";
  invitedBy: { id: string; name: string } | null;
  createdAt: string;
  lastSentAt: string;
  expiresAt: string;
}

export interface SentInvitation {
  invitation: InvitationView;
  /** Whether the link was queued by email. */
  emailed: boolean;
  /** The link to copy, only when outgoing email is not configured. */
  inviteUrl: string | null;
}

const invitationSelect = {
  id: true,
  email: true,
  role: true,
  createdAt: true,
  lastSentAt: true,
  expiresAt: true,
  invitedBy: { select: { id: true, name: true } },
} as const;

type InvitationRow = { id: string; email: string; role: MemberRole; createdAt: Date; lastSentAt: Date; expiresAt: Date; invitedBy: { id: string; name: string } | null };

function toView(row: InvitationRow, now = new Date()): InvitationView {
  return {
    ...row,
    status: row.expiresAt > now ? "pending" : "expired",
    createdAt: row.createdAt.toISOString(),
    lastSentAt: row.lastSentAt.toISOString(),
    expiresAt: row.expiresAt.toISOString(),
  };
}

/** Only owners invite owners (or resend or revoke their invitations). */
function assertMayGrant(ctx: DomainContext, role: MemberRole): void {
  if (role === "owner" && ctx.principal.role !== "owner") throw teamErrors.ownersOnly();
}

/** Open invitations (pending and expired, so an expired one can be resent), newest first. */
export async function listInvitations(ctx: DomainContext): Promise<InvitationView[]> {
  const rows = await ctx.db.invitation.findMany({
    where: { organizationId: ctx.principal.organizationId, acceptedAt: null, revokedAt: null },
    select: invitationSelect,
    orderBy: [{ createdAt: "desc" }, { id: "asc" }],
  });
  return rows.map((row) => toView(row));
}

/** Writes the link's mail in the same transaction (outbox), unless email is not configured. */
async function sendLink(tx: DbTx, ctx: DomainContext, invitation: { email: string; role: MemberRole }, token: string) {
  const url = appLink(INVITATION_PATH, token);
  const { organization } = ctx.principal;
  let emailed = false;
  if (isMailConfigured()) {
    const inviter = ctx.principal.userId ? await tx.user.findUnique({ where: { id: ctx.principal.userId }, select: { name: true } }) : null;
    const message = renderMail(
      invitationMail,
      organization.locale,
      { organizationName: organization.name, inviterName: inviter?.name ?? organization.name, role: invitation.role, url: SEALED_LINK_PLACEHOLDER },
      invitation.email,
    );
    await queueMail(tx, { organizationId: ctx.principal.organizationId, kind: "invitation", message, link: url });
    emailed = true;
  }
  return { emailed, inviteUrl: invitationLinkForAdmin(url) };
}

/**
 * Our server mails an invitation only for a person whose own address is
 * verified (second audit, L5): an account made with a throwaway address
 * cannot turn inmo into a mailer of phishing invitations. Without outgoing
 * email nothing is mailed (the admin copies the link) and nothing can be
 * verified either, so there is nothing to require.
 */
async function assertInviterVerified(ctx: DomainContext): Promise<void> {
  if (!isMailConfigured()) return;
  const userId = ctx.principal.userId;
  const inviter = userId ? await ctx.db.user.findUnique({ where: { id: userId }, select: { emailVerifiedAt: true } }) : null;
  if (!inviter?.emailVerifiedAt) throw teamErrors.unverified();
}

export async function createInvitation(ctx: DomainContext, input: { email: string; role: MemberRole }): Promise<SentInvitation> {
  assertMayGrant(ctx, input.role);
  await assertInviterVerified(ctx);
  const organizationId = ctx.principal.organizationId;
  await throttleInvitations(organizationId);
  return runInTransaction(ctx.db, async (tx) => {
    const member = await tx.membership.findFirst({ where: { organizationId, user: { email: input.email } }, select: { id: true } });
    if (member) throw teamErrors.alreadyMember();
    const now = new Date();
    // Inviting again replaces the open invitation (one per address, enforced by a partial unique index).
    await tx.invitation.updateMany({ where: { organizationId, email: input.email, acceptedAt: null, revokedAt: null }, data: { revokedAt: now } });
    const { token, tokenHash } = generateLinkToken();
    const row = await tx.invitation.create({
      data: {
        organizationId,
        email: input.email,
        role: input.role,
        tokenHash,
        invitedById: ctx.principal.userId,
        lastSentAt: now,
        expiresAt: new Date(now.getTime() + INVITATION_TTL_MS),
      },
      select: invitationSelect,
    });
    return { invitation: toView(row, now), ...(await sendLink(tx, ctx, row, token)) };
  });
}

async function findOpenOrThrow(tx: DbTx, organizationId: string, id: string) {
  if (!isUuid(id)) throw teamErrors.invitationNotFound();
  const row = await tx.invitation.findFirst({ where: { id, organizationId, acceptedAt: null, revokedAt: null }, select: { id: true, role: true } });
  if (!row) throw teamErrors.invitationNotFound();
  return row;
}

/** A new link (the old one stops working), valid 7 days from now. */
export async function resendInvitation(ctx: DomainContext, id: string): Promise<SentInvitation> {
  await assertInviterVerified(ctx);
  const organizationId = ctx.principal.organizationId;
  await throttleInvitations(organizationId);
  return runInTransaction(ctx.db, async (tx) => {
    const open = await findOpenOrThrow(tx, organizationId, id);
    assertMayGrant(ctx, open.role);
    const now = new Date();
    const { token, tokenHash } = generateLinkToken();
    const row = await tx.invitation.update({
      where: { id: open.id, organizationId },
      data: { tokenHash, lastSentAt: now, expiresAt: new Date(now.getTime() + INVITATION_TTL_MS) },
      select: invitationSelect,
    });
    return { invitation: toView(row, now), ...(await sendLink(tx, ctx, row, token)) };
  });
}

export async function revokeInvitation(ctx: DomainContext, id: string): Promise<{ id: string }> {
  const organizationId = ctx.principal.organizationId;
  return runInTransaction(ctx.db, async (tx) => {
    const open = await findOpenOrThrow(tx, organizationId, id);
    assertMayGrant(ctx, open.role);
    await tx.invitation.update({ where: { id: open.id, organizationId }, data: { revokedAt: new Date() } });
    return { id: open.id };
  });
}
