import { protectedProcedure } from "../../trpc";
import { createSheetLink } from "../../../sheets/sheet-links";
import { createSheetLinkInput, createSheetLinkMeta, createSheetLinkOutput } from "./create-sheet-link.types";

export const createSheetLinkProcedure = protectedProcedure
  .meta(createSheetLinkMeta)
  .input(createSheetLinkInput)
  .output(createSheetLinkOutput)
  .mutation(({ ctx, input }) => createSheetLink(ctx, { projectId: input.projectId, unitId: input.unitId ?? null, leadId: null }));
