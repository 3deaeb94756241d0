import { protectedProcedure } from "../../../trpc";
import { undoLeadImport } from "../../../../leads/imports/undo-lead-import";
import { importIdInput, leadImportSchema, leadImportWriteMeta } from "./lead-import.types";

/** "Undo import" (24 hours): removes what it created, puts back what it updated, keeps what people worked on since. */
export const undoLeadImportProcedure = protectedProcedure
  .meta(leadImportWriteMeta)
  .input(importIdInput)
  .output(leadImportSchema)
  .mutation(({ ctx, input }) => undoLeadImport(ctx, input.importId));
