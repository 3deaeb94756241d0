import { Prisma } from "../db/generated/client";
import type { DbTx } from "../db/client";
import { runInTransaction } from "../db/run-in-transaction";
import { sqlNow, sqlNowPlus, type Clock } from "../jobs/job-clock";
import type { Sender } from "../webhooks/http-sender";
import { completeSequenceIfDone } from "./complete-sequence";
import { callWebhookDialer, type DialerCall } from "./webhook-dialer";
import type { SequenceChannelConfig } from "./sequence-values";
import type { Db } from "../db/client";
import { SYSTEM_ACTOR } from "../leads/activities/activity-actor";
import { recordActivities } from "../leads/activities/record-activities";

/** Dispatch attempts (claims) before a contact is recorded as failed. */
export const MAX_DISPATCH_ATTEMPTS = 5;

/** Wait before the webhook dialer is tried again after a failed call: 30 s × the attempt. */
export const DIALER_RETRY_MS = 30_000;

export type DispatchOutcome =
  | { state: "sent"; taskUserId: string | null }
  | { state: "retrying"; reason: string }
  | { state: "skipped"; reason: string }
  | { state: "failed"; reason: string }
  | { state: "noop"; reason: string };

interface ContactRow {
  id: string;
  sequenceId: string;
  organizationId: string;
  leadId: string;
  status: string;
  attempts: number;
  sequenceStatus: string;
  sequenceName: string;
  createdBy: string | null;
  channelConfig: SequenceChannelConfig;
  webhookSecret: string | null;
}

interface LeadRow {
  firstName: string | null;
  lastName: string | null;
  email: string | null;
  company: string | null;
  phone: string | null;
  doNotCall: boolean;
  status: string;
  assignedToId: string | null;
}

/** Why a lead cannot be called now, or null when it can. */
function ineligibility(lead: LeadRow | undefined): string | null {
  if (!lead) return "lead_deleted";
  if (!lead.phone?.trim()) return "no_phone";
  if (lead.doNotCall) return "do_not_call";
  if (lead.status === "won" || lead.status === "lost") return `lead_${lead.status}`;
  return null;
}

/** Who gets the call: the lead's assignee if still a member, else the sequence's creator, else the organization's first owner. */
async function callTaskOwner(tx: DbTx, contact: ContactRow, lead: LeadRow): Promise<string | null> {
  for (const userId of [lead.assignedToId, contact.createdBy]) {
    if (!userId) continue;
    const member = await tx.membership.findFirst({ where: { organizationId: contact.organizationId, userId }, select: { userId: true } });
    if (member) return member.userId;
  }
  const owner = await tx.membership.findFirst({
    where: { organizationId: contact.organizationId, role: "owner" },
    orderBy: { createdAt: "asc" },
    select: { userId: true },
  });
  return owner?.userId ?? null;
}

/**
 * The dispatch step, one transaction over the contact's locked row, safe to
 * replay: a contact that is no longer scheduled or in progress (given back
 * by a pause, or already recorded) is left alone, and a scheduled one only
 * starts while its sequence runs; an in-progress one (claimed before a
 * pause) finishes. The task dialer hands the call to a member as a call task
 * and notes it on the lead's timeline.
 */
export async function dispatchContact(
  db: Db,
  clock: Clock,
  contactId: string,
  options: { attempt?: number; send?: Sender } = {},
): Promise<DispatchOutcome> {
  const outcome = await dispatchOnce(db, clock, contactId, options);
  // The sequence's last outcome completes it now rather than at the planner's next run.
  if (outcome.state === "sent" || outcome.state === "skipped" || outcome.state === "failed") await completeSequenceIfDone(db, clock, { contactId });
  return outcome;
}

async function dispatchOnce(db: Db, clock: Clock, contactId: string, options: { attempt?: number; send?: Sender }): Promise<DispatchOutcome> {
  const { send } = options;
  const prepared = await prepareDispatch(db, clock, contactId, options.attempt);
  if (prepared.state !== "call") return prepared;
  // The webhook dialer is called outside any transaction; its outcome is recorded only on the row still in
  // progress under this claim (a claim taken over since records its own).
  const result = await callWebhookDialer(prepared.call, contactId, send);
  const ours = Prisma.sql`"id" = ${contactId}::uuid AND "status" = 'in_progress' AND "attempts" = ${prepared.attempts}::int`;
  if (result.ok) {
    await db.$executeRaw`
      UPDATE "SequenceContact" SET "status" = 'sent', "lastError" = NULL, "dispatchedAt" = ${sqlNow(clock)}, "lockedUntil" = NULL
      WHERE ${ours}`;
    return { state: "sent", taskUserId: null };
  }
  const reason = (result.error ?? `HTTP ${result.statusCode}`).slice(0, 500);
  if (prepared.attempts >= MAX_DISPATCH_ATTEMPTS) {
    await db.$executeRaw`
      UPDATE "SequenceContact" SET "status" = 'failed', "lastError" = ${reason}, "dispatchedAt" = ${sqlNow(clock)}, "lockedUntil" = NULL
      WHERE ${ours}`;
    return { state: "failed", reason };
  }
  // Stays in progress, due again after the backoff; any instance claims it then.
  await db.$executeRaw`
    UPDATE "SequenceContact" SET "lastError" = ${reason}, "dispatchAt" = ${sqlNowPlus(clock, DIALER_RETRY_MS * prepared.attempts)}, "lockedUntil" = NULL
    WHERE ${ours}`;
  return { state: "retrying", reason };
}

type Prepared = DispatchOutcome | { state: "call"; call: DialerCall; attempts: number };

async function prepareDispatch(db: Db, clock: Clock, contactId: string, attempt?: number): Promise<Prepared> {
  return runInTransaction(db, async (tx): Promise<Prepared> => {
    const rows = await tx.$queryRaw<ContactRow[]>`
      SELECT c."id", c."sequenceId", c."organizationId", c."leadId", c."status"::text AS status, c."attempts",
             s."status"::text AS "sequenceStatus", s."name" AS "sequenceName", s."createdBy",
             s."channelConfig", s."webhookSecret"
      FROM "SequenceContact" c JOIN "Sequence" s ON s."id" = c."sequenceId"
      WHERE c."id" = ${contactId}::uuid FOR UPDATE OF c`;
    const contact = rows[0];
    if (!contact || (contact.status !== "scheduled" && contact.status !== "in_progress")) return { state: "noop", reason: "not_due" };
    if (contact.status === "scheduled" && contact.sequenceStatus !== "running") return { state: "noop", reason: "sequence_not_running" };
    // Another claim took the contact since this run's (its lease ended): that run does the work.
    if (attempt !== undefined && contact.attempts !== attempt) return { state: "noop", reason: "superseded" };

    const record = (status: "sent" | "skipped" | "failed", reason: string | null, taskUserId: string | null = null) => tx.$executeRaw`
      UPDATE "SequenceContact" SET "status" = ${status}::"SequenceContactStatus", "lastError" = ${reason},
        "taskUserId" = ${taskUserId}::uuid, "dispatchedAt" = ${sqlNow(clock)}, "lockedUntil" = NULL
      WHERE "id" = ${contactId}::uuid`;

    if (contact.attempts > MAX_DISPATCH_ATTEMPTS) {
      await record("failed", "too_many_attempts");
      return { state: "failed", reason: "too_many_attempts" };
    }
    const leads = await tx.$queryRaw<LeadRow[]>`
      SELECT "firstName", "lastName", "email", "company", "phone", "doNotCall", "status"::text AS status, "assignedToId" FROM "Lead"
      WHERE "id" = ${contact.leadId} AND "organizationId" = ${contact.organizationId}::uuid FOR SHARE`;
    const lead = leads[0];
    const reason = ineligibility(lead);
    if (reason) {
      await record("skipped", reason);
      return { state: "skipped", reason };
    }
    const config = contact.channelConfig;
    if (config.dialer === "webhook" && contact.webhookSecret) {
      await tx.$executeRaw`UPDATE "SequenceContact" SET "status" = 'in_progress' WHERE "id" = ${contactId}::uuid`;
      const { firstName, lastName, email, company, phone } = lead!;
      const payload = {
        contactId,
        sequence: { id: contact.sequenceId, name: contact.sequenceName },
        lead: { id: contact.leadId, firstName, lastName, email, company, phone },
        attempt: contact.attempts,
      };
      return { state: "call", call: { url: config.webhookUrl, sealedSecret: contact.webhookSecret, payload }, attempts: contact.attempts };
    }
    const taskUserId = await callTaskOwner(tx, contact, lead!);
    if (!taskUserId) {
      await record("failed", "no_member_to_call");
      return { state: "failed", reason: "no_member_to_call" };
    }
    await record("sent", null, taskUserId);
    const user = await tx.user.findUnique({ where: { id: taskUserId }, select: { name: true } });
    await recordActivities(tx, { organizationId: contact.organizationId, leadId: contact.leadId, actor: SYSTEM_ACTOR, at: clock() }, [
      {
        type: "call",
        activityScope: "system",
        message: { key: "callQueued", member: user?.name ?? null, sequence: contact.sequenceName },
      },
    ]);
    return { state: "sent", taskUserId };
  });
}
