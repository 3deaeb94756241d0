import { z } from "zod";
import type { Db } from "../db/client";
import { sqlNow, sqlNowPlus, type Clock } from "../jobs/job-clock";
import { defineJob, type ClaimOptions } from "../jobs/job-definition";
import { attemptMail } from "./mail-attempt";
import { SEND_MAIL_JOB_ID } from "./queue-mail";

const sendMailInput = z.object({ mailId: z.uuid(), organizationId: z.uuid().nullable(), attempt: z.number().int().positive() });
type SendMailInput = z.infer<typeof sendMailInput>;

/**
 * Claims due mails, interleaving organizations (each organization's oldest
 * first, then the next of each) and capping what one organization has in
 * flight, with a lease on the database clock.
 */
async function claimDueMails(db: Db, clock: Clock, options: ClaimOptions) {
  const now = sqlNow(clock);
  return db.$queryRaw<{ id: string; organizationId: string | null; attemptCount: number; lockedUntil: Date }[]>`
    WITH due AS (
      SELECT id, "organizationId", "nextAttemptAt",
             row_number() OVER (PARTITION BY "organizationId" ORDER BY "nextAttemptAt", id) AS turn
      FROM "OutgoingMail"
      WHERE status = 'pending' AND "nextAttemptAt" <= ${now} AND ("lockedUntil" IS NULL OR "lockedUntil" <= ${now})
    ), in_flight AS (
      SELECT "organizationId", count(*)::int AS n FROM "OutgoingMail"
      WHERE status = 'pending' AND "lockedUntil" > ${now}
      GROUP BY "organizationId"
    ), picked AS (
      SELECT due.id FROM due LEFT JOIN in_flight f ON f."organizationId" IS NOT DISTINCT FROM due."organizationId"
      WHERE due.turn <= ${options.perOrganization}::int - COALESCE(f.n, 0)
      ORDER BY due.turn, due."nextAttemptAt"
      LIMIT ${options.limit}::int
    ), locked AS (
      SELECT m.id FROM "OutgoingMail" m
      WHERE m.id IN (SELECT id FROM picked) AND m.status = 'pending' AND (m."lockedUntil" IS NULL OR m."lockedUntil" <= ${now})
      FOR UPDATE SKIP LOCKED
    )
    UPDATE "OutgoingMail" m SET "lockedUntil" = ${sqlNowPlus(clock, options.leaseMs)}
    FROM locked WHERE m.id = locked.id
    RETURNING m.id, m."organizationId", m."attemptCount", m."lockedUntil"`;
}

/**
 * Outgoing email: one run per due mail makes one attempt; a failure sets the
 * mail's next due time (backoff) and the next claim takes it again, under
 * either driver. Every attempt is logged; without SMTP settings the mail is
 * recorded as not sent, never pretended sent.
 */
export const sendMailJob = defineJob<SendMailInput>({
  id: SEND_MAIL_JOB_ID,
  name: "Send mail",
  input: sendMailInput,
  retries: 3,
  concurrencyPerOrganization: 4,
  async claimDue(runtime, options) {
    const rows = await claimDueMails(runtime.db, runtime.clock, options);
    return rows.map((row) => ({
      organizationId: row.organizationId ?? "",
      input: { mailId: row.id, organizationId: row.organizationId, attempt: row.attemptCount + 1 },
      key: `${row.id}-${row.attemptCount + 1}-${row.lockedUntil.getTime()}`,
    }));
  },
  run: (io, runtime, { input }) => io.run(`attempt-${input.attempt}`, () => attemptMail(runtime.db, runtime.clock, input.mailId, input.attempt)),
});
