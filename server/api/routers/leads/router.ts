import { createTRPCRouter } from "../../trpc";
import { addLeadNoteProcedure } from "./add-lead-note";
import { claimLeadProcedure } from "./claim-lead";
import { createLeadProcedure } from "./create-lead";
import { createLeadBatchProcedure } from "./create-lead-batch";
import { deleteLeadProcedure } from "./delete-lead";
import { exportLeadsProcedure } from "./export-leads";
import { getLeadProcedure } from "./get-lead";
import { listLeadActivitiesProcedure } from "./list-lead-activities";
import { listLeadDuplicatesProcedure } from "./list-lead-duplicates";
import { listLeadsProcedure } from "./list-leads";
import { mergeLeadsProcedure } from "./merge-leads";
import { undoLeadMergeProcedure } from "./undo-lead-merge";
import { logLeadCommunicationProcedure } from "./log-lead-communication";
import { searchLeadsProcedure } from "./search-leads";
import { updateLeadProcedure } from "./update-lead";
import { leadImportsRouter } from "./imports/router";

export const leadsRouter = createTRPCRouter({
  list: listLeadsProcedure,
  create: createLeadProcedure,
  search: searchLeadsProcedure,
  export: exportLeadsProcedure,
  get: getLeadProcedure,
  update: updateLeadProcedure,
  delete: deleteLeadProcedure,
  activities: listLeadActivitiesProcedure,
  addNote: addLeadNoteProcedure,
  logCommunication: logLeadCommunicationProcedure,
  batch: createLeadBatchProcedure,
  duplicates: listLeadDuplicatesProcedure,
  merge: mergeLeadsProcedure,
  undoMerge: undoLeadMergeProcedure,
  claim: claimLeadProcedure,
  imports: leadImportsRouter,
});
