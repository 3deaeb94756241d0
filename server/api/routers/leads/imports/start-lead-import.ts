import { protectedProcedure } from "../../../trpc";
import { ApiError } from "../../../../errors/api-error";
import { renderError } from "../../../../errors/render-error";
import { readCsvFile } from "../../../../leads/imports/csv-file";
import { rowBody } from "../../../../leads/imports/import-fields";
import { startLeadImport, type ImportItem } from "../../../../leads/imports/start-lead-import";
import { createLeadInput } from "../create-lead.types";
import { leadImportSchema, leadImportWriteMeta, startLeadImportInput } from "./lead-import.types";

/**
 * Starts an import: every row is checked here as `POST /leads` checks a body
 * (a refused row keeps its reason in both languages), then the import is
 * queued and written in the background (server/leads/imports).
 */
export const startLeadImportProcedure = protectedProcedure
  .meta(leadImportWriteMeta)
  .input(startLeadImportInput)
  .output(leadImportSchema)
  .mutation(async ({ ctx, input }) => {
    const file = readCsvFile(input.content);
    if (Object.values(input.mapping).some((index) => index >= file.headers.length)) throw new ApiError("VALIDATION_ERROR", "intake.importBadColumn");
    const items: ImportItem[] = file.rows.map((cells) => {
      const parsed = createLeadInput.safeParse(rowBody(input.mapping, cells));
      if (parsed.success) return { body: parsed.data };
      const reason = (locale: "en" | "es") => renderError(parsed.error, locale, { kind: "person", locale }).message;
      return { refused: { en: reason("en"), es: reason("es") } };
    });
    return startLeadImport(ctx, { ...input, items });
  });
