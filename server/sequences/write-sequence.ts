import type { DbTx } from "../db/client";
import { runInTransaction } from "../db/run-in-transaction";
import type { DomainContext } from "../domain-context";
import { idPattern, newId } from "../ids";
import { checkCriteriaStages } from "./audience";
import { sequenceNotFound, sequenceRefusal } from "./sequence-errors";
import { checkDialerConfig, newDialerSecret } from "./webhook-dialer";
import type { SequenceChannelConfig, SequenceCriteria, SequenceStatus, SequenceThrottle } from "./sequence-values";

export interface CreateSequenceRequest {
  name: string;
  criteria: SequenceCriteria;
  throttle: SequenceThrottle;
  channelConfig?: SequenceChannelConfig;
}

export interface PatchSequenceRequest {
  name?: string;
  criteria?: SequenceCriteria;
  throttle?: SequenceThrottle;
  channelConfig?: SequenceChannelConfig;
}

export interface LockedSequence {
  id: string;
  status: SequenceStatus;
  criteria: SequenceCriteria;
  createdBy: string | null;
}

/** Reads and locks (FOR UPDATE) one sequence of the organization: state checks and the change they allow are atomic. */
export async function lockSequence(tx: DbTx, organizationId: string, sequenceId: string): Promise<LockedSequence> {
  if (!idPattern("sequence").test(sequenceId)) throw sequenceNotFound();
  const rows = await tx.$queryRaw<LockedSequence[]>`
    SELECT "id", "status"::text AS status, "criteria", "createdBy" FROM "Sequence"
    WHERE "id" = ${sequenceId} AND "organizationId" = ${organizationId}::uuid FOR UPDATE`;
  if (!rows[0]) throw sequenceNotFound();
  return rows[0];
}

/** A new draft: nothing is enqueued until launch. A webhook dialer gets its signing secret, answered once. */
export async function createSequence({ db, principal }: DomainContext, request: CreateSequenceRequest): Promise<{ id: string; webhookSecret?: string }> {
  await checkCriteriaStages(db, principal.organizationId, request.criteria);
  await checkDialerConfig(principal, request.channelConfig);
  const dialerSecret = request.channelConfig?.dialer === "webhook" ? newDialerSecret() : null;
  const row = await db.sequence.create({
    data: {
      id: newId("sequence"),
      organizationId: principal.organizationId,
      name: request.name,
      channel: "call",
      status: "draft",
      criteria: request.criteria,
      throttle: request.throttle,
      channelConfig: request.channelConfig ?? { dialer: "task" },
      webhookSecret: dialerSecret?.sealed ?? null,
      createdBy: principal.userId,
    },
    select: { id: true },
  });
  return dialerSecret ? { id: row.id, webhookSecret: dialerSecret.secret } : { id: row.id };
}

/** Draft only; criteria and throttle are replaced wholesale. Switching to the webhook dialer issues its secret (answered once). */
export async function patchSequence({ db, principal }: DomainContext, sequenceId: string, request: PatchSequenceRequest) {
  await checkDialerConfig(principal, request.channelConfig);
  return runInTransaction(db, async (tx) => {
    const sequence = await lockSequence(tx, principal.organizationId, sequenceId);
    if (sequence.status !== "draft") throw sequenceRefusal.edit();
    if (request.criteria) await checkCriteriaStages(tx, principal.organizationId, request.criteria);
    const stored = await tx.sequence.findUniqueOrThrow({ where: { id: sequence.id }, select: { webhookSecret: true } });
    const dialerSecret = request.channelConfig?.dialer === "webhook" && !stored.webhookSecret ? newDialerSecret() : null;
    await tx.sequence.update({
      where: { id: sequence.id },
      data: {
        ...(request.name !== undefined ? { name: request.name } : {}),
        ...(request.criteria !== undefined ? { criteria: request.criteria } : {}),
        ...(request.throttle !== undefined ? { throttle: request.throttle } : {}),
        ...(request.channelConfig !== undefined ? { channelConfig: request.channelConfig } : {}),
        ...(dialerSecret ? { webhookSecret: dialerSecret.sealed } : {}),
      },
    });
    return dialerSecret ? { id: sequence.id, webhookSecret: dialerSecret.secret } : { id: sequence.id };
  });
}

/** Draft only: a launched sequence keeps its contact history. */
export async function deleteSequence({ db, principal }: DomainContext, sequenceId: string) {
  return runInTransaction(db, async (tx) => {
    const sequence = await lockSequence(tx, principal.organizationId, sequenceId);
    if (sequence.status !== "draft") throw sequenceRefusal.delete();
    await tx.sequence.delete({ where: { id: sequence.id } });
    return { deleted: true as const, id: sequence.id };
  });
}
