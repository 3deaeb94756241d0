import { protectedProcedure } from "../../trpc";
import { addLeadNote } from "../../../leads/activities/add-note";
import { addLeadNoteInput, addLeadNoteMeta, addLeadNoteOutput } from "./add-lead-note.types";

export const addLeadNoteProcedure = protectedProcedure
  .meta(addLeadNoteMeta)
  .input(addLeadNoteInput)
  .output(addLeadNoteOutput)
  .mutation(({ ctx, input }) => addLeadNote(ctx, input.leadId, input.content));
