import type { Principal } from "../../auth/principal";
import type { Db, DbTx } from "../../db/client";
import { Prisma } from "../../db/generated/client";
import { runInTransaction } from "../../db/run-in-transaction";
import { renderError } from "../../errors/render-error";
import type { CreateLeadRequest } from "../create-lead";
import { writeIntakeChunk } from "../intake/write-intake-chunk";
import type { MatchOn, OnDuplicate } from "../intake/write-intake-lead";
import { IMPORT_FIELDS } from "./import-fields";
import type { ImportItem, ImportReason } from "./start-lead-import";

/**
 * Rows written per transaction: the chunk's lookups, inserts, timeline
 * entries and events are set-sized statements (writeIntakeChunk), the commit
 * and the progress are shared.
 */
export const ROWS_PER_TRANSACTION = 500;

interface RowOutcome {
  rowIndex: number;
  status: "created" | "merged" | "updated" | "skipped" | "refused";
  leadId: string | null;
  reason: ImportReason | null;
  before: Record<string, unknown> | null;
}

export interface ImportUnderWay {
  id: string;
  createdAt: Date;
  onDuplicate: OnDuplicate;
  matchOn: MatchOn[];
}

/**
 * Writes rows `from` to `to` (exclusive) of an import as `principal`, a few
 * hundred per transaction. Each transaction first checks, under a lock on the
 * import, that its rows are still the next ones to write (a second runner
 * after a lost lease writes nothing twice), then writes its rows through the
 * intake's chunk entry point (`writeIntakeChunk`: the same outcome as each
 * row through `writeIntakeLead` — matched, routed, counted against the plan,
 * announced, put through the duplicate policy — in set-sized statements),
 * records each row's outcome and moves the import's progress, all in the
 * same commit: a crash loses at most the transaction under way, which the
 * next run writes again. Returns false when another runner has moved on.
 */
export async function writeImportRows(
  db: Db,
  principal: Principal,
  leadImport: ImportUnderWay,
  items: readonly ImportItem[],
  from: number,
  to: number,
): Promise<boolean> {
  for (let start = from; start < to; start += ROWS_PER_TRANSACTION) {
    const end = Math.min(to, start + ROWS_PER_TRANSACTION);
    const moved = await runInTransaction(db, async (tx) => {
      const [lock] = await tx.$queryRaw<{ processedRows: number }[]>`
        SELECT "processedRows" FROM "LeadImport" WHERE "id" = ${leadImport.id} AND "status" = 'running' FOR UPDATE`;
      if (lock?.processedRows !== start) return false;
      await recordOutcomes(tx, leadImport.id, await writeRows(db, tx, principal, leadImport, items, start, end), end);
      return true;
    });
    if (!moved) return false;
  }
  return true;
}

async function writeRows(db: Db, tx: DbTx, principal: Principal, leadImport: ImportUnderWay, items: readonly ImportItem[], start: number, end: number) {
  const outcomes: RowOutcome[] = [];
  const written: { rowIndex: number; body: CreateLeadRequest }[] = [];
  for (let rowIndex = start; rowIndex < end; rowIndex++) {
    const item = items[rowIndex]!;
    if ("refused" in item) outcomes.push({ rowIndex, status: "refused", leadId: null, reason: item.refused, before: null });
    // An imported lead arrived elsewhere, often long ago: no instant reply (server/instant-reply/).
    else written.push({ rowIndex, body: { ...item.body, instantReply: false } });
  }
  const before = new Map<number, Record<string, unknown>>();
  const answers = await writeIntakeChunk(db, tx, principal, written.map((row) => row.body), {
    onDuplicate: leadImport.onDuplicate,
    matchOn: leadImport.matchOn,
    beforeUpdate: async (inner, leadId, position) => {
      before.set(position, await fieldsBefore(inner, leadId, Object.keys(written[position]!.body)));
    },
  });
  for (const [position, answer] of answers.entries()) {
    const { rowIndex } = written[position]!;
    if (answer.status === "refused") {
      const reason = { en: renderError(answer.error, "en", { kind: "person", locale: "en" }).message, es: renderError(answer.error, "es", { kind: "person", locale: "es" }).message };
      outcomes.push({ rowIndex, status: "refused", leadId: null, reason, before: null });
    } else {
      const status = answer.status === "created" && answer.merged ? "merged" : answer.status;
      outcomes.push({ rowIndex, status, leadId: answer.id, reason: null, before: before.get(position) ?? null });
    }
  }
  return outcomes.sort((a, b) => a.rowIndex - b.rowIndex);
}

/** The import's fields a row is about to change, as they are, so undo can put them back (a status with its stage). */
async function fieldsBefore(tx: DbTx, leadId: string, fields: string[]): Promise<Record<string, unknown>> {
  const row = await tx.lead.findUnique({ where: { id: leadId } });
  if (row === null) return {};
  const before: Record<string, unknown> = {};
  for (const field of fields) {
    if (!(IMPORT_FIELDS as readonly string[]).includes(field)) continue;
    const value = (row as Record<string, unknown>)[field];
    before[field] = value instanceof Prisma.Decimal ? value.toNumber() : (value ?? null);
  }
  if ("status" in before) before.stageId = row.stageId;
  return before;
}

async function recordOutcomes(tx: DbTx, importId: string, outcomes: RowOutcome[], processedRows: number): Promise<void> {
  const json = (value: unknown) => (value === null ? null : JSON.stringify(value));
  await tx.$executeRaw`
    INSERT INTO "LeadImportRow" ("importId", "rowIndex", "status", "leadId", "reason", "before", "leadUpdatedAt", "leadActivityAt")
    SELECT ${importId}, o."rowIndex", o."status", o."leadId", o."reason"::jsonb, o."before"::jsonb, l."updatedAt", l."lastActivityAt"
    FROM unnest(${outcomes.map((o) => o.rowIndex)}::int[], ${outcomes.map((o) => o.status)}::text[], ${outcomes.map((o) => o.leadId)}::text[],
                ${outcomes.map((o) => json(o.reason))}::text[], ${outcomes.map((o) => json(o.before))}::text[])
         AS o("rowIndex", "status", "leadId", "reason", "before")
    LEFT JOIN "Lead" l ON l."id" = o."leadId"`;
  const count = (status: RowOutcome["status"][]) => outcomes.filter((o) => status.includes(o.status)).length;
  await tx.$executeRaw`
    UPDATE "LeadImport" SET "processedRows" = ${processedRows},
      "createdCount" = "createdCount" + ${count(["created"])}, "updatedCount" = "updatedCount" + ${count(["updated"])},
      "skippedCount" = "skippedCount" + ${count(["skipped", "merged"])}, "refusedCount" = "refusedCount" + ${count(["refused"])}
    WHERE "id" = ${importId}`;
}
