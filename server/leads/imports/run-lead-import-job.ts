import { z } from "zod";
import type { Db } from "../../db/client";
import { Prisma } from "../../db/generated/client";
import { runInTransaction } from "../../db/run-in-transaction";
import { translate } from "../../i18n/messages";
import { defineDeferredJob, scheduleDeferredJob } from "../../jobs/deferred/deferred-job";
import type { MatchOn, OnDuplicate } from "../intake/write-intake-lead";
import { importerPrincipal } from "./importer-principal";
import type { ImportItem } from "./start-lead-import";
import { writeImportRows } from "./write-import-rows";

/** Rows one run writes before it hands over to the next run (a fresh claim), so no single run holds a lease for long. */
export const IMPORT_CHUNK_ROWS = 1_000;

/**
 * Writes an import's rows in the background, a chunk per run: each run
 * continues from the progress the import row holds (`processedRows`,
 * committed with the rows it counts), so a run cut short by a crash or a
 * deploy is simply run again and resumes where the last commit left it.
 * The next chunk is queued in the same transaction as the last rows of this one.
 */
export const runLeadImportJob = defineDeferredJob({
  kind: "run-lead-import",
  payload: z.object({ importId: z.string() }),
  retryDelaysMs: [10_000, 60_000, 5 * 60_000, 30 * 60_000],
  async run(ctx, { payload }) {
    await runImportChunk(ctx.db, ctx.principal.organizationId, payload.importId);
  },
});

export async function runImportChunk(db: Db, organizationId: string, importId: string): Promise<void> {
  const leadImport = await db.leadImport.findFirst({ where: { id: importId, organizationId, status: { in: ["queued", "running"] } } });
  if (leadImport === null) return;
  const principal = await importerPrincipal(db, organizationId, leadImport.createdById);
  if (principal === null) {
    await db.leadImport.update({
      where: { id: importId },
      data: { status: "failed", failure: translate("intake.importImporterGone", "en"), completedAt: new Date(), items: Prisma.DbNull },
    });
    return;
  }
  if (leadImport.status === "queued") await db.leadImport.update({ where: { id: importId }, data: { status: "running" } });
  const items = leadImport.items as unknown as ImportItem[];
  const from = leadImport.processedRows;
  const to = Math.min(leadImport.totalRows, from + IMPORT_CHUNK_ROWS);
  const underWay = { id: importId, createdAt: leadImport.createdAt, onDuplicate: leadImport.onDuplicate as OnDuplicate, matchOn: leadImport.matchOn as MatchOn[] };
  if (!(await writeImportRows(db, principal, underWay, items, from, to))) return;
  await runInTransaction(db, async (tx) => {
    if (to < leadImport.totalRows) {
      await scheduleDeferredJob(tx, runLeadImportJob, { organizationId, payload: { importId }, runAt: { afterMs: 0 }, key: importId });
      return;
    }
    // Done: the checked rows are no longer needed (the file stays, for the refused-rows download).
    await tx.$executeRaw`
      UPDATE "LeadImport" SET "status" = 'completed', "completedAt" = now(), "items" = NULL
      WHERE "id" = ${importId} AND "status" = 'running' AND "processedRows" = "totalRows"`;
  });
}
