import { protectedProcedure } from "../../../trpc";
import { findLeadImportOrThrow } from "../../../../leads/imports/find-lead-import";
import { leadImportSummarySelect, toLeadImportRepresentation } from "../../../../leads/imports/lead-import-representation";
import { importIdInput, leadImportReadMeta, leadImportSchema } from "./lead-import.types";

/** An import's progress and outcome (the dashboard polls it while the job runs). */
export const getLeadImportProcedure = protectedProcedure
  .meta(leadImportReadMeta)
  .input(importIdInput)
  .output(leadImportSchema)
  .query(async ({ ctx, input }) => toLeadImportRepresentation(await findLeadImportOrThrow(ctx.db, ctx.principal, input.importId, leadImportSummarySelect)));
