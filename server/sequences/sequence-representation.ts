import { Prisma } from "../db/generated/client";
import type { Db, DbTx } from "../db/client";
import type { SequenceChannelConfig, SequenceCriteria, SequenceThrottle } from "./sequence-values";

export const sequenceSelect = {
  id: true,
  organizationId: true,
  name: true,
  channel: true,
  status: true,
  criteria: true,
  channelConfig: true,
  throttle: true,
  createdBy: true,
  createdAt: true,
  updatedAt: true,
  startedAt: true,
  completedAt: true,
} satisfies Prisma.SequenceSelect;

type SequenceRow = Prisma.SequenceGetPayload<{ select: typeof sequenceSelect }>;

export interface SequenceProgress {
  total: number;
  pending: number;
  inProgress: number;
  sent: number;
  failed: number;
  skipped: number;
  /** Of the contacts handed out (`sent`), those whose call has an outcome: the calls actually made. */
  called: number;
}

const emptyProgress = (): SequenceProgress => ({ total: 0, pending: 0, inProgress: 0, sent: 0, failed: 0, skipped: 0, called: 0 });

/** Contacts per status for each sequence; the internal `scheduled` counts as pending; `called` counts recorded outcomes. */
export async function progressOf(db: Db | DbTx, sequenceIds: string[]): Promise<Map<string, SequenceProgress>> {
  const result = new Map(sequenceIds.map((id) => [id, emptyProgress()]));
  if (sequenceIds.length === 0) return result;
  const rows = await db.$queryRaw<{ sequenceId: string; status: string; count: number; called: number }[]>`
    SELECT "sequenceId", "status"::text AS status, count(*)::int AS count,
           (count(*) FILTER (WHERE "outcome" IS NOT NULL))::int AS called
    FROM "SequenceContact"
    WHERE "sequenceId" IN (${Prisma.join(sequenceIds)}) GROUP BY 1, 2`;
  for (const row of rows) {
    const progress = result.get(row.sequenceId)!;
    progress.total += row.count;
    progress.called += row.called;
    if (row.status === "pending" || row.status === "scheduled") progress.pending += row.count;
    else if (row.status === "in_progress") progress.inProgress += row.count;
    else if (row.status === "sent") progress.sent += row.count;
    else if (row.status === "failed") progress.failed += row.count;
    else if (row.status === "skipped") progress.skipped += row.count;
  }
  return result;
}

export function toSequenceRepresentation(row: SequenceRow, progress: SequenceProgress) {
  return {
    ...row,
    criteria: row.criteria as SequenceCriteria,
    channelConfig: row.channelConfig as SequenceChannelConfig,
    throttle: row.throttle as SequenceThrottle,
    progress,
  };
}
export type SequenceRepresentation = ReturnType<typeof toSequenceRepresentation>;
