import { protectedProcedure } from "../../trpc";
import { countAudience, checkCriteriaStages } from "../../../sequences/audience";
import { getSequence, listSequences } from "../../../sequences/read-sequence";
import {
  getSequenceMeta,
  getSequenceOutput,
  listSequencesInput,
  listSequencesMeta,
  listSequencesOutput,
  previewAudienceInput,
  previewAudienceMeta,
  previewAudienceOutput,
  sequenceIdInput,
} from "./read-sequences.types";
import { toWireSequence } from "./sequence.types";

export const listSequencesProcedure = protectedProcedure
  .meta(listSequencesMeta)
  .input(listSequencesInput)
  .output(listSequencesOutput)
  .query(async ({ ctx, input }) => ({ data: (await listSequences(ctx, input.status)).map(toWireSequence) }));

export const getSequenceProcedure = protectedProcedure
  .meta(getSequenceMeta)
  .input(sequenceIdInput)
  .output(getSequenceOutput)
  .query(async ({ ctx, input }) => toWireSequence(await getSequence(ctx, input.sequenceId)));

export const previewAudienceProcedure = protectedProcedure
  .meta(previewAudienceMeta)
  .input(previewAudienceInput)
  .output(previewAudienceOutput)
  .mutation(async ({ ctx, input }) => {
    await checkCriteriaStages(ctx.db, ctx.principal.organizationId, input.criteria);
    return { count: await countAudience(ctx.db, ctx.principal, input.criteria) };
  });
