import type { DomainContext } from "../domain-context";
import { idPattern } from "../ids";
import { sequenceNotFound } from "./sequence-errors";
import { progressOf, sequenceSelect, toSequenceRepresentation, type SequenceRepresentation } from "./sequence-representation";
import type { SequenceStatus } from "./sequence-values";

/** Sequences of the organization, newest first, each with its progress (not paginated, per the spec). */
export async function listSequences({ db, principal }: DomainContext, status?: SequenceStatus): Promise<SequenceRepresentation[]> {
  const rows = await db.sequence.findMany({
    where: { organizationId: principal.organizationId, ...(status ? { status } : {}) },
    orderBy: [{ createdAt: "desc" }, { id: "desc" }],
    select: sequenceSelect,
  });
  const progress = await progressOf(db, rows.map((row) => row.id));
  return rows.map((row) => toSequenceRepresentation(row, progress.get(row.id)!));
}

export async function getSequence({ db, principal }: DomainContext, sequenceId: string): Promise<SequenceRepresentation> {
  if (!idPattern("sequence").test(sequenceId)) throw sequenceNotFound();
  const row = await db.sequence.findFirst({ where: { id: sequenceId, organizationId: principal.organizationId }, select: sequenceSelect });
  if (!row) throw sequenceNotFound();
  const progress = await progressOf(db, [row.id]);
  return toSequenceRepresentation(row, progress.get(row.id)!);
}
