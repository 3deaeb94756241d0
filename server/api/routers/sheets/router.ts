import { createTRPCRouter } from "../../trpc";
import { createLeadSheetLinkProcedure } from "./create-lead-sheet-link";
import { createSheetLinkProcedure } from "./create-sheet-link";
import { listSheetLinksProcedure } from "./list-sheet-links";
import { revokeSheetLinkProcedure } from "./revoke-sheet-link";

/** Public sheets of units and projects, and the links that open them. */
export const sheetsRouter = createTRPCRouter({
  create: createSheetLinkProcedure,
  createForLead: createLeadSheetLinkProcedure,
  list: listSheetLinksProcedure,
  revoke: revokeSheetLinkProcedure,
});
