import type { LeadImport } from "../../db/generated/client";

/** Undo is possible this long after an import finishes. */
export const IMPORT_UNDO_HOURS = 24;
export const IMPORT_UNDO_MS = IMPORT_UNDO_HOURS * 3_600_000;

export const IMPORT_STATUSES = ["queued", "running", "completed", "failed", "undone"] as const;
export type ImportStatus = (typeof IMPORT_STATUSES)[number];

export interface UndoSummary {
  /** Leads the import created, now deleted. */
  removed: number;
  /** Leads the import updated, whose previous values were put back. */
  restored: number;
  /** Leads left as they are because a person worked on them after the import. */
  kept: number;
}

/** An import as the dashboard shows it: progress, outcome counts and what undo may still do. */
export interface LeadImportRepresentation {
  id: string;
  fileName: string;
  status: ImportStatus;
  onDuplicate: string;
  totalRows: number;
  processedRows: number;
  created: number;
  updated: number;
  skipped: number;
  refused: number;
  createdAt: string;
  completedAt: string | null;
  undoneAt: string | null;
  /** Until when "Undo import" is offered (24 hours after it finished); null while it runs or once undone. */
  undoableUntil: string | null;
  undoSummary: UndoSummary | null;
}

export function toLeadImportRepresentation(row: Omit<LeadImport, "content" | "items" | "mapping">): LeadImportRepresentation {
  const undoable = row.status === "completed" && row.completedAt !== null;
  return {
    id: row.id,
    fileName: row.fileName,
    status: row.status as ImportStatus,
    onDuplicate: row.onDuplicate,
    totalRows: row.totalRows,
    processedRows: row.processedRows,
    created: row.createdCount,
    updated: row.updatedCount,
    skipped: row.skippedCount,
    refused: row.refusedCount,
    createdAt: row.createdAt.toISOString(),
    completedAt: row.completedAt?.toISOString() ?? null,
    undoneAt: row.undoneAt?.toISOString() ?? null,
    undoableUntil: undoable ? new Date(row.completedAt!.getTime() + IMPORT_UNDO_MS).toISOString() : null,
    undoSummary: (row.undoSummary as UndoSummary | null) ?? null,
  };
}

/** The columns a representation needs (never the file or its rows). */
export const leadImportSummarySelect = {
  id: true,
  organizationId: true,
  createdById: true,
  fileName: true,
  onDuplicate: true,
  matchOn: true,
  totalRows: true,
  processedRows: true,
  createdCount: true,
  updatedCount: true,
  skippedCount: true,
  refusedCount: true,
  status: true,
  failure: true,
  createdAt: true,
  completedAt: true,
  undoneAt: true,
  undoSummary: true,
} as const;
