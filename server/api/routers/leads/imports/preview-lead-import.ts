import { protectedProcedure } from "../../../trpc";
import { readCsvFile } from "../../../../leads/imports/csv-file";
import { suggestMapping } from "../../../../leads/imports/import-fields";
import { leadImportReadMeta, previewLeadImportInput, previewLeadImportOutput } from "./lead-import.types";

/** Reads an uploaded file for the mapping step: its columns, the first rows and the mapping proposed from the header names. */
export const previewLeadImportProcedure = protectedProcedure
  .meta(leadImportReadMeta)
  .input(previewLeadImportInput)
  .output(previewLeadImportOutput)
  .mutation(({ input }) => {
    const file = readCsvFile(input.content);
    return {
      delimiter: file.delimiter,
      headers: file.headers,
      preview: file.rows.slice(0, 5),
      rowCount: file.rows.length,
      suggestedMapping: suggestMapping(file.headers),
    };
  });
