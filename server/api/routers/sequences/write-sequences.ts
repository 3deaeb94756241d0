import { protectedProcedure } from "../../trpc";
import { createSequence, deleteSequence, patchSequence } from "../../../sequences/write-sequence";
import {
  createSequenceInput,
  createSequenceMeta,
  createSequenceOutput,
  deleteSequenceInput,
  deleteSequenceMeta,
  deleteSequenceOutput,
  patchSequenceInput,
  patchSequenceMeta,
  patchSequenceOutput,
} from "./write-sequences.types";

export const createSequenceProcedure = protectedProcedure
  .meta(createSequenceMeta)
  .input(createSequenceInput)
  .output(createSequenceOutput)
  .mutation(({ ctx, input }) => createSequence(ctx, input));

export const patchSequenceProcedure = protectedProcedure
  .meta(patchSequenceMeta)
  .input(patchSequenceInput)
  .output(patchSequenceOutput)
  .mutation(({ ctx, input: { sequenceId, channel: _unchangeable, ...changes } }) => patchSequence(ctx, sequenceId, changes));

export const deleteSequenceProcedure = protectedProcedure
  .meta(deleteSequenceMeta)
  .input(deleteSequenceInput)
  .output(deleteSequenceOutput)
  .mutation(({ ctx, input }) => deleteSequence(ctx, input.sequenceId));
