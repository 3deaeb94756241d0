import { createTRPCRouter } from "../../trpc";
import { listLeadMatchesProcedure } from "./list-lead-matches";
import { listUnitMatchesProcedure } from "./list-unit-matches";
import { getMatchSendingDefaultProcedure, updateMatchSendingDefaultProcedure } from "./match-sending-default";

/** Units meet buyers: which units fit a lead, which leads a unit fits. */
export const matchingRouter = createTRPCRouter({
  forLead: listLeadMatchesProcedure,
  forUnit: listUnitMatchesProcedure,
  sendingDefault: getMatchSendingDefaultProcedure,
  updateSendingDefault: updateMatchSendingDefaultProcedure,
});
