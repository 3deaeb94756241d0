import type { Prisma } from "../../db/generated/client";
import { runInTransaction } from "../../db/run-in-transaction";
import type { DomainContext } from "../../domain-context";
import { ApiError } from "../../errors/api-error";
import { newId } from "../../ids";
import { scheduleDeferredJob } from "../../jobs/deferred/deferred-job";
import type { CreateLeadRequest } from "../create-lead";
import type { MatchOn, OnDuplicate } from "../intake/write-intake-lead";
import type { ImportMapping } from "./import-fields";
import { leadImportSummarySelect, toLeadImportRepresentation, type LeadImportRepresentation } from "./lead-import-representation";
import { runLeadImportJob } from "./run-lead-import-job";

/** A refusal, rendered in both dashboard languages when it happens, so the refused-rows file reads in the viewer's. */
export interface ImportReason {
  en: string;
  es: string;
}

/** One row as checked at upload: the lead body `POST /leads` would take, or why it cannot be one. */
export type ImportItem = { body: CreateLeadRequest } | { refused: ImportReason };

export interface StartLeadImportRequest {
  fileName: string;
  content: string;
  mapping: ImportMapping;
  onDuplicate: OnDuplicate;
  matchOn: readonly MatchOn[];
  items: ImportItem[];
}

/**
 * Records an import and queues its job in one transaction; the rows are
 * written in the background (`run-lead-import`) as the person who started it.
 * Only a person can start one: the rows are written with their lead
 * visibility and appear on the timeline as theirs.
 */
export async function startLeadImport(ctx: DomainContext, request: StartLeadImportRequest): Promise<LeadImportRepresentation> {
  const { principal } = ctx;
  if (principal.userId === null) throw new ApiError("FORBIDDEN", "auth.missingScope", { scope: "leads:write" });
  if (request.mapping.email === undefined && request.mapping.phone === undefined) {
    throw new ApiError("VALIDATION_ERROR", "intake.importNoContactColumn");
  }
  return runInTransaction(ctx.db, async (tx) => {
    const row = await tx.leadImport.create({
      data: {
        id: newId("leadImport"),
        organizationId: principal.organizationId,
        createdById: principal.userId!,
        fileName: request.fileName.slice(0, 200),
        content: request.content,
        mapping: request.mapping as Prisma.InputJsonValue,
        onDuplicate: request.onDuplicate,
        matchOn: [...request.matchOn],
        items: request.items as unknown as Prisma.InputJsonValue,
        totalRows: request.items.length,
      },
      select: leadImportSummarySelect,
    });
    await scheduleDeferredJob(tx, runLeadImportJob, {
      organizationId: principal.organizationId,
      payload: { importId: row.id },
      runAt: { afterMs: 0 },
      key: row.id,
    });
    return toLeadImportRepresentation(row);
  });
}
