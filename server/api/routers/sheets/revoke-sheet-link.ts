import { protectedProcedure } from "../../trpc";
import { revokeSheetLink } from "../../../sheets/sheet-links";
import { revokeSheetLinkInput, revokeSheetLinkMeta, revokeSheetLinkOutput } from "./revoke-sheet-link.types";

export const revokeSheetLinkProcedure = protectedProcedure
  .meta(revokeSheetLinkMeta)
  .input(revokeSheetLinkInput)
  .output(revokeSheetLinkOutput)
  .mutation(async ({ ctx, input }) => {
    await revokeSheetLink(ctx, input.projectId, input.linkId);
    return { revoked: true as const, id: input.linkId };
  });
