import { z } from "zod";
import type { ProcedureMeta } from "../../../trpc";
import { ANY_ROLE } from "../../../../auth/roles";
import { idSchema } from "../../../../ids";
import { IMPORT_FIELDS } from "../../../../leads/imports/import-fields";
import { IMPORT_STATUSES } from "../../../../leads/imports/lead-import-representation";
import { MATCH_ON, ON_DUPLICATE } from "../../../../leads/intake/write-intake-lead";

/** Dashboard-only (Leads → Import CSV): every member who may write leads; a member sees the imports they started. */
export const leadImportReadMeta: ProcedureMeta = { scope: "leads:read", roles: ANY_ROLE };
export const leadImportWriteMeta: ProcedureMeta = { scope: "leads:write", roles: ANY_ROLE };

export const importIdInput = z.object({ importId: idSchema("leadImport") });

/** The file's text as the browser decoded it (UTF-8, else Windows-1252), at most 5 MB. */
export const csvContentSchema = z.string().min(1).max(6 * 1024 * 1024);

export const importMappingSchema = z.partialRecord(z.enum(IMPORT_FIELDS), z.number().int().min(0).max(499));

export const leadImportSchema = z.object({
  id: z.string(),
  fileName: z.string(),
  status: z.enum(IMPORT_STATUSES),
  onDuplicate: z.string(),
  totalRows: z.number().int(),
  processedRows: z.number().int(),
  created: z.number().int(),
  updated: z.number().int(),
  skipped: z.number().int(),
  refused: z.number().int(),
  createdAt: z.string(),
  completedAt: z.string().nullable(),
  undoneAt: z.string().nullable(),
  undoableUntil: z.string().nullable(),
  undoSummary: z.object({ removed: z.number().int(), restored: z.number().int(), kept: z.number().int() }).nullable(),
});

export const startLeadImportInput = z.object({
  fileName: z.string().min(1).max(200),
  content: csvContentSchema,
  mapping: importMappingSchema,
  onDuplicate: z.enum(ON_DUPLICATE),
  matchOn: z.array(z.enum(MATCH_ON)).min(1).default(["email", "phone"]),
});

export const previewLeadImportInput = z.object({ content: csvContentSchema });
export const previewLeadImportOutput = z.object({
  delimiter: z.string(),
  headers: z.array(z.string()),
  preview: z.array(z.array(z.string())),
  rowCount: z.number().int(),
  suggestedMapping: importMappingSchema,
});

export const listLeadImportsOutput = z.object({ data: z.array(leadImportSchema) });

export const refusedRowsInput = importIdInput.extend({ locale: z.enum(["en", "es"]).optional() });
export const refusedRowsMeta: ProcedureMeta = { ...leadImportReadMeta, streamsAs: { contentType: "text/csv", fileName: "refused-rows.csv" } };
export const refusedRowsOutput = z.custom<AsyncIterable<string>>(
  (value) => typeof value === "object" && value !== null && Symbol.asyncIterator in value,
);
