import { runInTransaction } from "../db/run-in-transaction";
import type { DomainContext } from "../domain-context";
import { ApiError } from "../errors/api-error";
import { mailSettings } from "./mail-settings";
import { queueMail } from "./queue-mail";
import { renderMail } from "./render-mail";
import { testMail } from "./templates/test-mail";

const RECENT_MAILS = 10;

export interface OutgoingEmailStatus {
  configured: boolean;
  /** The sender address; null when not configured. */
  from: string | null;
  recent: {
    id: string;
    kind: string;
    to: string;
    subject: string;
    status: "pending" | "sent" | "failed" | "not_sent";
    attempts: number;
    lastError: string | null;
    createdAt: Date;
    sentAt: Date | null;
  }[];
}

/** Settings → Organization: whether this server can send email, and the organization's latest mails with their outcome. */
export async function outgoingEmailStatus(ctx: DomainContext): Promise<OutgoingEmailStatus> {
  const settings = mailSettings();
  const rows = await ctx.db.outgoingMail.findMany({
    where: { organizationId: ctx.principal.organizationId },
    orderBy: { createdAt: "desc" },
    take: RECENT_MAILS,
    select: { id: true, kind: true, toAddress: true, subject: true, status: true, attemptCount: true, lastError: true, createdAt: true, sentAt: true },
  });
  return {
    configured: settings !== null,
    from: settings?.from ?? null,
    recent: rows.map(({ toAddress, attemptCount, ...row }) => ({ ...row, to: toAddress, attempts: attemptCount })),
  };
}

/**
 * Queues a test email to the signed-in member, in the organization's
 * language. Refused when outgoing email is not configured: the button would
 * otherwise look like it worked.
 */
export async function sendTestMail(ctx: DomainContext): Promise<{ id: string; to: string }> {
  const { principal } = ctx;
  if (!mailSettings()) throw new ApiError("BAD_REQUEST", "mail.notConfigured");
  if (principal.userId === null) throw new ApiError("FORBIDDEN", "account.dashboardOnly");
  const user = await ctx.db.user.findUniqueOrThrow({ where: { id: principal.userId }, select: { email: true, name: true } });
  const message = renderMail(testMail, principal.organization.locale, { organizationName: principal.organization.name, requestedBy: user.name }, user.email);
  const id = await runInTransaction(ctx.db, (tx) => queueMail(tx, { organizationId: principal.organizationId, kind: "test", message }));
  return { id, to: user.email };
}
