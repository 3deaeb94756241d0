import { Prisma } from "../db/generated/client";
import { z } from "zod";
import { claimFairly, leaseOf, type FairClaimSource } from "../jobs/fair-claim";
import { defineRowClaimedJob } from "../jobs/job-definition";
import { attemptMail } from "./mail-attempt";
import { SEND_MAIL_JOB_ID } from "./queue-mail";

const sendMailInput = z.object({
  mailId: z.uuid(),
  organizationId: z.uuid().nullable(),
  attempt: z.number().int().positive(),
  /** Set when the mail was handed over before it is due (ISO 8601): the run waits until then. */
  waitUntil: z.string().optional(),
});
type SendMailInput = z.infer<typeof sendMailInput>;

/** Mails as the fair claim sees them: pending ones are due at `nextAttemptAt`; mails of no organization (sign-up) share one turn. */
const mailSource: FairClaimSource = {
  table: "OutgoingMail",
  dueAt: Prisma.sql`t."nextAttemptAt"`,
  open: Prisma.sql`t.status = 'pending'`,
  returning: Prisma.sql`, t."attemptCount"`,
};

/**
 * Outgoing email: one run per due mail makes one attempt; a failure sets the
 * mail's next due time (backoff) and the next claim takes it again, under
 * either driver. Every attempt is logged; without SMTP settings the mail is
 * recorded as not sent, never pretended sent.
 */
export const sendMailJob = defineRowClaimedJob<SendMailInput>({
  id: SEND_MAIL_JOB_ID,
  name: "Send mail",
  input: sendMailInput,
  retries: 3,
  concurrencyPerOrganization: 4,
  source: mailSource,
  async claimDue(runtime, options) {
    const rows = await claimFairly<{ attemptCount: number }>(runtime.db, runtime.clock, mailSource, {
      ...options,
      lookAheadMs: runtime.policy.lookAheadMs,
    });
    return rows.map((row) => {
      const attempt = row.attemptCount + 1;
      return {
        organizationId: row.organizationId ?? "",
        input: { mailId: row.id, organizationId: row.organizationId, attempt, ...(row.early ? { waitUntil: row.dueAt.toISOString() } : {}) },
        key: `${row.id}-${attempt}-${row.lockedUntil.getTime()}`,
        lease: leaseOf(mailSource, row),
        traceparent: row.traceparent,
      };
    });
  },
  async run(io, runtime, { input }) {
    if (input.waitUntil) await io.sleepUntil(`wait-attempt-${input.attempt}`, input.waitUntil);
    return io.run(`attempt-${input.attempt}`, () => attemptMail(runtime.db, runtime.clock, input.mailId, input.attempt));
  },
});
