import type { Principal } from "../../auth/principal";
import type { Db, DbTx } from "../../db/client";
import { Prisma } from "../../db/generated/client";
import { runInTransaction } from "../../db/run-in-transaction";
import { databaseErrorKind } from "../../errors/database-error";
import { isApiError } from "../../errors/api-error";
import { renderError } from "../../errors/render-error";
import { writeIntakeLead, type MatchOn, type OnDuplicate } from "../intake/write-intake-lead";
import { IMPORT_FIELDS } from "./import-fields";
import type { ImportItem, ImportReason } from "./start-lead-import";

/** Rows written per transaction: each row stays all-or-nothing (a savepoint), the commit and the progress are shared. */
export const ROWS_PER_TRANSACTION = 50;

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
 * dozen per transaction. Each transaction first checks, under a lock on the
 * import, that its rows are still the next ones to write (a second runner
 * after a lost lease writes nothing twice), then writes each row through the
 * one intake entry point (`writeIntakeLead`: routed, counted against the
 * plan, announced, put through the duplicate policy), records each row's
 * outcome and moves the import's progress, all in the same commit: a crash
 * loses at most the transaction under way, which the next run writes again.
 * Returns false when another runner has moved on.
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
      const outcomes: RowOutcome[] = [];
      for (let index = start; index < end; index++) outcomes.push(await writeRow(tx, db, principal, leadImport, items[index]!, index));
      await recordOutcomes(tx, leadImport.id, outcomes, end);
      return true;
    });
    if (!moved) return false;
  }
  return true;
}

async function writeRow(tx: DbTx, db: Db, principal: Principal, leadImport: ImportUnderWay, item: ImportItem, rowIndex: number): Promise<RowOutcome> {
  if ("refused" in item) return { rowIndex, status: "refused", leadId: null, reason: item.refused, before: null };
  let before: Record<string, unknown> | null = null;
  try {
    // An imported lead arrived elsewhere, often long ago: no instant reply (server/instant-reply/).
    const outcome = await writeIntakeLead({ db, principal }, { ...item.body, instantReply: false }, {
      onDuplicate: leadImport.onDuplicate,
      matchOn: leadImport.matchOn,
      beforeUpdate: async (inner, leadId) => {
        before = await fieldsBefore(inner, leadId, Object.keys(item.body));
      },
    });
    if (outcome.status === "created" && (await existedBefore(tx, leadImport, outcome.id))) {
      return { rowIndex, status: "merged", leadId: outcome.id, reason: null, before: null };
    }
    return { rowIndex, status: outcome.status, leadId: outcome.id, reason: null, before };
  } catch (error) {
    // Refusals a client's data can cause; anything else (the database gone) fails the run, which resumes later.
    if (!isApiError(error) && databaseErrorKind(error) !== "uniqueViolation") throw error;
    const reason = { en: renderError(error, "en", { kind: "person", locale: "en" }).message, es: renderError(error, "es", { kind: "person", locale: "es" }).message };
    return { rowIndex, status: "refused", leadId: null, reason, before: null };
  }
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

/**
 * A "created" lead that is older than the import, or that an earlier row of
 * it already created: the organization's auto-merge policy folded the row
 * into that lead, so the row created nothing of its own.
 */
async function existedBefore(tx: DbTx, leadImport: ImportUnderWay, leadId: string): Promise<boolean> {
  const [row] = await tx.$queryRaw<{ existed: boolean }[]>`
    SELECT (l."createdAt" < ${leadImport.createdAt}
            OR EXISTS (SELECT 1 FROM "LeadImportRow" r WHERE r."importId" = ${leadImport.id} AND r."leadId" = ${leadId})) AS "existed"
    FROM "Lead" l WHERE l."id" = ${leadId}`;
  return row?.existed ?? false;
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
