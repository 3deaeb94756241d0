import { createTRPCRouter } from "../../../trpc";
import { downloadRefusedRowsProcedure } from "./download-refused-rows";
import { getLeadImportProcedure } from "./get-lead-import";
import { listLeadImportsProcedure } from "./list-lead-imports";
import { previewLeadImportProcedure } from "./preview-lead-import";
import { startLeadImportProcedure } from "./start-lead-import";
import { undoLeadImportProcedure } from "./undo-lead-import";

export const leadImportsRouter = createTRPCRouter({
  preview: previewLeadImportProcedure,
  start: startLeadImportProcedure,
  get: getLeadImportProcedure,
  list: listLeadImportsProcedure,
  undo: undoLeadImportProcedure,
  refusedRows: downloadRefusedRowsProcedure,
});
