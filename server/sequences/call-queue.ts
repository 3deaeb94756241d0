import { ApiError } from "../errors/api-error";
import type { DomainContext } from "../domain-context";
import { runInTransaction } from "../db/run-in-transaction";
import { logLeadCommunication } from "../leads/activities/log-communication";
import { changeLead } from "../leads/change-lead";
import type { CallOutcome } from "./sequence-values";
import { namesVisibleLeadSql, visibleLeadsSql } from "../leads/lead-visibility";
import { Prisma } from "../db/generated/client";

export interface CallTask {
  contactId: string;
  sequenceId: string;
  sequenceName: string;
  leadId: string;
  leadName: string;
  phone: string | null;
  company: string | null;
  dispatchedAt: Date;
}

const OUTCOME_TEXT: Record<CallOutcome, string> = {
  connected: "Call connected",
  no_answer: "No answer",
  wrong_number: "Wrong number",
  do_not_call: "Asked not to be called again",
};

/**
 * The caller's call tasks from sequences (dispatched to them, no outcome yet),
 * oldest first: the first is the next call. A task whose lead they no longer
 * see (reassigned away since) leaves the queue.
 */
export async function listMyCallTasks({ db, principal }: DomainContext): Promise<CallTask[]> {
  if (!principal.userId) return [];
  return db.$queryRaw<CallTask[]>`
    SELECT c."id" AS "contactId", c."sequenceId", s."name" AS "sequenceName", c."leadId",
           coalesce(nullif(btrim(concat_ws(' ', l."firstName", l."lastName")), ''), l."email", l."phone", l."id") AS "leadName",
           l."phone", l."company", c."dispatchedAt"
    FROM "SequenceContact" c
    JOIN "Sequence" s ON s."id" = c."sequenceId"
    JOIN "Lead" l ON l."id" = c."leadId" AND ${visibleLeadsSql(principal)}
    WHERE c."organizationId" = ${principal.organizationId}::uuid AND c."taskUserId" = ${principal.userId}::uuid
      AND c."status" = 'sent' AND c."outcome" IS NULL
    ORDER BY c."dispatchedAt", c."position" LIMIT 200`;
}

/**
 * Logs the outcome of a call task: a call communication on the lead (by the
 * member, so it shows on the timeline and emits lead.communication_logged),
 * the task completed, and `do_not_call` marks the lead so no running sequence
 * calls it again (a lead change like any other: timeline entry, `lead.updated`).
 * One transaction; a task already completed, or about a lead the caller no
 * longer sees, is refused (404).
 */
export async function logCallOutcome(ctx: DomainContext, contactId: string, outcome: CallOutcome, note?: string) {
  const { db, principal } = ctx;
  return runInTransaction(db, async (tx) => {
    const rows = await tx.$queryRaw<{ leadId: string }[]>`
      SELECT "leadId" FROM "SequenceContact"
      WHERE "id" = ${contactId}::uuid AND "organizationId" = ${principal.organizationId}::uuid
        AND "taskUserId" = ${principal.userId}::uuid AND "status" = 'sent' AND "outcome" IS NULL
        AND ${namesVisibleLeadSql(principal, Prisma.sql`"leadId"`)}
      FOR UPDATE`;
    const task = rows[0];
    if (!task) throw new ApiError("NOT_FOUND", "sequences.callTaskNotFound");
    await tx.$executeRaw`UPDATE "SequenceContact" SET "outcome" = ${outcome}, "outcomeAt" = now() WHERE "id" = ${contactId}::uuid`;
    const content = note?.trim() ? `${OUTCOME_TEXT[outcome]}. ${note.trim()}` : OUTCOME_TEXT[outcome];
    await logLeadCommunication(ctx, task.leadId, { type: "call", direction: "outbound", content });
    // The same change as the lead page's toggle or `PUT doNotCall`: through the lead's owner.
    if (outcome === "do_not_call") await changeLead(tx, principal, task.leadId, { doNotCall: true });
    return { contactId, outcome };
  });
}
