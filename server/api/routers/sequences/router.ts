import { createTRPCRouter } from "../../trpc";
import { getSequenceProcedure, listSequencesProcedure, previewAudienceProcedure } from "./read-sequences";
import { createSequenceProcedure, deleteSequenceProcedure, patchSequenceProcedure } from "./write-sequences";
import { callQueueProcedure, logCallOutcomeProcedure, sequenceContactsProcedure } from "./call-queue";
import { leadCallingProcedure, setDoNotCallProcedure } from "./lead-calling";
import { launchSequenceProcedure, pauseSequenceProcedure, resumeSequenceProcedure } from "./sequence-actions";

export const sequencesRouter = createTRPCRouter({
  list: listSequencesProcedure,
  create: createSequenceProcedure,
  previewAudience: previewAudienceProcedure,
  get: getSequenceProcedure,
  update: patchSequenceProcedure,
  delete: deleteSequenceProcedure,
  launch: launchSequenceProcedure,
  pause: pauseSequenceProcedure,
  resume: resumeSequenceProcedure,
  contacts: sequenceContactsProcedure,
  callQueue: callQueueProcedure,
  logCallOutcome: logCallOutcomeProcedure,
  leadCalling: leadCallingProcedure,
  setDoNotCall: setDoNotCallProcedure,
});
