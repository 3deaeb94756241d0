import { Prisma } from "../db/generated/client";
import type { Db } from "../db/client";
import { sqlNow, sqlNowPlus, type Clock } from "../jobs/job-clock";
import { RateLimiterRes } from "rate-limiter-flexible";
import { limiterStoreReady, namedLimiter } from "../rate-limit/limiter-store";
import { mailBudgetPerHour, mailSettings } from "./mail-settings";
import { unsealLink } from "./sealed-link";
import { sendOverSmtp, type OutgoingMessage } from "./smtp-transport";

/** Attempt 1 at once, then 1 min, 5 min, 30 min and 2 h after each failure; five attempts in all. */
export const MAIL_RETRY_DELAYS_MS = [0, 60_000, 5 * 60_000, 30 * 60_000, 2 * 3_600_000] as const;
export const NOT_CONFIGURED = "not sent: outgoing email not configured";
/** Sandboxes never send email: their mails are recorded, never handed to SMTP. */
export const SANDBOX_NOT_SENT = "not sent: sandbox organizations never send email";

export type MailOutcome =
  | { state: "sent"; attempt: number; messageId: string }
  | { state: "retrying"; attempt: number; detail: string }
  | { state: "failed"; attempt: number; detail: string }
  | { state: "not_sent"; attempt: number; detail: string }
  | { state: "skipped"; reason: "gone" | "not-pending" | "superseded" }
  /** The server's hourly mail budget is spent: the mail waits (no attempt used) until `until`. */
  | { state: "waiting"; until: string };

interface MailRow {
  id: string;
  status: string;
  attemptCount: number;
  toAddress: string;
  subject: string;
  textBody: string;
  htmlBody: string;
  sealedLink: string | null;
  sandbox: boolean;
}

/** One mail from the server's hourly budget; null when spent, else how long until there is room. */
async function spendMailBudget(): Promise<number | null> {
  await limiterStoreReady();
  try {
    await namedLimiter("mail:server", mailBudgetPerHour(), 3600).consume("all", 1);
    return null;
  } catch (rejection) {
    if (rejection instanceof RateLimiterRes) return Math.max(1000, rejection.msBeforeNext);
    throw rejection;
  }
}

/** Over budget: the mail is due again when there is room, with its attempt count untouched. */
async function postpone(db: Db, clock: Clock, mailId: string, attempt: number, waitMs: number): Promise<MailOutcome> {
  const [row] = await db.$queryRaw<{ nextAttemptAt: Date }[]>`
    UPDATE "OutgoingMail" SET "nextAttemptAt" = ${sqlNowPlus(clock, waitMs)}, "lockedUntil" = NULL, "updatedAt" = ${sqlNow(clock)}
    WHERE id = ${mailId}::uuid AND status = 'pending' AND "attemptCount" = ${attempt - 1}::int
    RETURNING "nextAttemptAt"`;
  if (!row) return { state: "skipped", reason: "superseded" };
  return { state: "waiting", until: row.nextAttemptAt.toISOString() };
}

/** Sends the row, its sealed link opened; a link sealed with a key no longer configured cannot be sent, ever. */
async function send(settings: NonNullable<ReturnType<typeof mailSettings>>, row: MailRow) {
  let message: OutgoingMessage;
  try {
    message = unsealLink({ to: row.toAddress, subject: row.subject, text: row.textBody, html: row.htmlBody }, row.sealedLink);
  } catch (error) {
    return { ok: false, permanent: true, detail: `not sent: the link cannot be opened (${String(error)})` } as const;
  }
  return sendOverSmtp(settings, message);
}

/**
 * One attempt at one mail, recorded with the mail's next state in a single
 * statement guarded by the attempt number (as webhook attempts are), so a
 * replayed step or a second worker after an expired lease never sends twice
 * into the log or moves the schedule backwards.
 */
export async function attemptMail(db: Db, clock: Clock, mailId: string, attempt: number): Promise<MailOutcome> {
  const [row] = await db.$queryRaw<MailRow[]>`
    SELECT m.id, m.status::text AS status, m."attemptCount", m."toAddress", m.subject, m."textBody", m."htmlBody", m."sealedLink",
           (o."sandboxOfId" IS NOT NULL) AS sandbox
    FROM "OutgoingMail" m LEFT JOIN "Organization" o ON o.id = m."organizationId"
    WHERE m.id = ${mailId}::uuid`;
  if (!row) return { state: "skipped", reason: "gone" };
  if (row.status !== "pending") return { state: "skipped", reason: "not-pending" };
  if (row.attemptCount !== attempt - 1) return { state: "skipped", reason: "superseded" };

  // A sandbox's mail ends as if email were not configured: recorded, never sent.
  const settings = row.sandbox ? null : mailSettings();
  if (settings) {
    const waitMs = await spendMailBudget();
    if (waitMs !== null) return postpone(db, clock, mailId, attempt, waitMs);
  }
  const startedAt = clock();
  const started = performance.now();
  const notSent = row.sandbox ? SANDBOX_NOT_SENT : NOT_CONFIGURED;
  const result = settings ? await send(settings, row) : ({ ok: false, permanent: true, detail: notSent } as const);
  const durationMs = Math.round(performance.now() - started);

  const retry = !result.ok && !result.permanent && attempt < MAIL_RETRY_DELAYS_MS.length;
  const status = result.ok ? "sent" : retry ? "pending" : settings ? "failed" : "not_sent";
  const now = sqlNow(clock);
  const nextAttemptAt = retry ? sqlNowPlus(clock, MAIL_RETRY_DELAYS_MS[attempt]!) : Prisma.sql`NULL::timestamptz`;
  const messageId = result.ok ? result.messageId : null;

  const recorded = await db.$queryRaw<{ id: string }[]>`
    WITH updated AS (
      UPDATE "OutgoingMail"
      SET status = ${status}::"MailStatus", "attemptCount" = ${attempt}::int, "nextAttemptAt" = ${nextAttemptAt},
          "lockedUntil" = NULL, "lastError" = ${result.ok ? null : result.detail}::text,
          "sentAt" = ${result.ok ? now : Prisma.sql`NULL::timestamptz`}, "messageId" = ${messageId}::text, "updatedAt" = ${now},
          -- the sealed link is kept only while the mail may still be sent
          "sealedLink" = ${retry ? Prisma.sql`"sealedLink"` : Prisma.sql`NULL`}
      WHERE id = ${mailId}::uuid AND status = 'pending' AND "attemptCount" = ${attempt - 1}::int
      RETURNING id
    ), logged AS (
      INSERT INTO "OutgoingMailAttempt" (id, "mailId", number, "startedAt", "durationMs", ok, detail)
      SELECT gen_random_uuid(), id, ${attempt}::int, ${startedAt}::timestamptz, ${durationMs}::int, ${result.ok}, ${result.detail}::text
      FROM updated
      RETURNING 1
    )
    SELECT id FROM updated`;
  if (recorded.length === 0) return { state: "skipped", reason: "superseded" };
  if (result.ok) return { state: "sent", attempt, messageId: result.messageId };
  if (retry) return { state: "retrying", attempt, detail: result.detail };
  return { state: settings ? "failed" : "not_sent", attempt, detail: result.detail };
}
