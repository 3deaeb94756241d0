import { protectedProcedure } from "../../trpc";
import { listSheetLinks } from "../../../sheets/sheet-links";
import { listSheetLinksInput, listSheetLinksMeta, listSheetLinksOutput } from "./list-sheet-links.types";

export const listSheetLinksProcedure = protectedProcedure
  .meta(listSheetLinksMeta)
  .input(listSheetLinksInput)
  .output(listSheetLinksOutput)
  .query(async ({ ctx, input }) => ({ data: await listSheetLinks(ctx, input.projectId, input.unitId ?? null) }));
