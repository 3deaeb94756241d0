import type { DbTx } from "../../db/client";
import { Prisma } from "../../db/generated/client";
import { runAtomically, runInTransaction } from "../../db/run-in-transaction";
import type { DomainContext } from "../../domain-context";
import { ApiError, isApiError } from "../../errors/api-error";
import { changeLead, type LeadChange } from "../change-lead";
import { deleteLeadsIn } from "../delete-lead";
import { findLeadImportOrThrow } from "./find-lead-import";
import { IMPORT_UNDO_HOURS, leadImportSummarySelect, toLeadImportRepresentation, type LeadImportRepresentation, type UndoSummary } from "./lead-import-representation";

interface WrittenRow {
  rowIndex: number;
  status: string;
  leadId: string;
  before: Record<string, unknown> | null;
  leadUpdatedAt: Date | null;
  leadActivityAt: Date | null;
  updatedAt: Date;
  lastActivityAt: Date;
}

/**
 * "Undo import", within 24 hours of its end, as one transaction: the leads it
 * created are deleted together (through `deleteLeadsIn`, so `lead.deleted` is announced for each)
 * and the leads it updated get back the values its rows replaced (through
 * `changeLead`, `lead.updated`). A lead anyone worked on after the import
 * wrote it — an edit, a note, a call, a message, a reassignment: its
 * `updatedAt` or its newest timeline entry is later than what the import
 * left — is kept as it is and counted as kept; so is one the person undoing
 * may not see. Rows the organization's auto-merge folded into an existing
 * lead are left alone (that lead was never the import's).
 */
export async function undoLeadImport(ctx: DomainContext, importId: string): Promise<LeadImportRepresentation> {
  const { principal } = ctx;
  return runInTransaction(ctx.db, async (tx) => {
    await findLeadImportOrThrow(tx, principal, importId, { id: true });
    const [state] = await tx.$queryRaw<{ status: string; expired: boolean }[]>`
      SELECT "status", ("completedAt" IS NULL OR now() - "completedAt" > ${IMPORT_UNDO_HOURS}::int * interval '1 hour') AS "expired"
      FROM "LeadImport" WHERE "id" = ${importId} FOR UPDATE`;
    if (state!.status === "undone") throw new ApiError("BAD_REQUEST", "intake.importUndone");
    if (state!.status === "queued" || state!.status === "running") throw new ApiError("CONFLICT", "intake.importNotFinished");
    if (state!.expired) throw new ApiError("BAD_REQUEST", "intake.importExpired");
    const rows = await tx.$queryRaw<WrittenRow[]>`
      SELECT r."rowIndex", r."status", r."leadId", r."before", r."leadUpdatedAt", r."leadActivityAt", l."updatedAt", l."lastActivityAt"
      FROM "LeadImportRow" r JOIN "Lead" l ON l."id" = r."leadId"
      WHERE r."importId" = ${importId} AND r."status" IN ('created', 'updated')
      ORDER BY r."rowIndex"`;
    const summary: UndoSummary = { removed: 0, restored: 0, kept: 0 };
    const toRemove: string[] = [];
    for (const rowsOfLead of groupByLead(rows)) {
      const outcome = await undoLead(tx, ctx, rowsOfLead);
      if (outcome === "removed") toRemove.push(rowsOfLead[0]!.leadId);
      else summary[outcome]++;
    }
    // The leads it created go together (lead.deleted for each); one the person undoing may not see stays, kept.
    const removed = (await deleteLeadsIn(tx, principal, toRemove)).length;
    summary.removed += removed;
    summary.kept += toRemove.length - removed;
    const row = await tx.leadImport.update({
      where: { id: importId },
      data: { status: "undone", undoneAt: new Date(), undoSummary: summary as unknown as Prisma.InputJsonValue },
      select: leadImportSummarySelect,
    });
    return toLeadImportRepresentation(row);
  });
}

function groupByLead(rows: WrittenRow[]): WrittenRow[][] {
  const byLead = new Map<string, WrittenRow[]>();
  for (const row of rows) byLead.set(row.leadId, [...(byLead.get(row.leadId) ?? []), row]);
  return [...byLead.values()];
}

/** One lead the import wrote (maybe by several rows, in file order): removed, restored, or kept. */
async function undoLead(tx: DbTx, ctx: DomainContext, rows: WrittenRow[]): Promise<keyof UndoSummary> {
  const last = rows[rows.length - 1]!;
  const workedOnSince =
    last.leadUpdatedAt === null ||
    last.updatedAt.getTime() > last.leadUpdatedAt.getTime() ||
    (last.leadActivityAt !== null && last.lastActivityAt.getTime() > last.leadActivityAt.getTime());
  if (workedOnSince) return "kept";
  // Removed by the caller, with the other leads the import created, in one set.
  if (rows.some((row) => row.status === "created")) return "removed";
  try {
    await runAtomically(ctx.db, (inner) => changeLead(inner, ctx.principal, last.leadId, restoredValues(rows)));
    return "restored";
  } catch (error) {
    // A lead the person undoing may not see, or whose old values no longer hold (a stage since removed), stays as it is.
    if (isApiError(error)) return "kept";
    throw error;
  }
}

/** The values before the import's first row touched each field (later rows saw the import's own values). */
function restoredValues(rows: WrittenRow[]): LeadChange {
  const values: Record<string, unknown> = {};
  for (const row of [...rows].reverse()) Object.assign(values, row.before ?? {});
  return values as LeadChange;
}

