import { protectedProcedure } from "../../trpc";
import { createSheetLink } from "../../../sheets/sheet-links";
import { createLeadSheetLinkInput, createLeadSheetLinkMeta, createLeadSheetLinkOutput } from "./create-lead-sheet-link.types";

export const createLeadSheetLinkProcedure = protectedProcedure
  .meta(createLeadSheetLinkMeta)
  .input(createLeadSheetLinkInput)
  .output(createLeadSheetLinkOutput)
  .mutation(({ ctx, input }) => createSheetLink(ctx, { projectId: input.projectId, unitId: input.unitId ?? null, leadId: input.leadId }));
