import { protectedProcedure } from "../../trpc";
import { launchSequence, pauseSequence, resumeSequence } from "../../../sequences/sequence-actions";
import {
  launchSequenceMeta,
  launchSequenceOutput,
  pauseSequenceMeta,
  resumeSequenceMeta,
  sequenceActionInput,
  sequenceActionOutput,
} from "./sequence-actions.types";

export const launchSequenceProcedure = protectedProcedure
  .meta(launchSequenceMeta)
  .input(sequenceActionInput)
  .output(launchSequenceOutput)
  .mutation(async ({ ctx, input }) => {
    const { id, enqueued, monthlyRemaining } = await launchSequence(ctx, input.sequenceId);
    if (ctx.door === "rest" && monthlyRemaining !== null) ctx.response.headers.set("X-RateLimit-Monthly-Remaining", String(monthlyRemaining));
    return { id, enqueued };
  });

export const pauseSequenceProcedure = protectedProcedure
  .meta(pauseSequenceMeta)
  .input(sequenceActionInput)
  .output(sequenceActionOutput)
  .mutation(({ ctx, input }) => pauseSequence(ctx, input.sequenceId));

export const resumeSequenceProcedure = protectedProcedure
  .meta(resumeSequenceMeta)
  .input(sequenceActionInput)
  .output(sequenceActionOutput)
  .mutation(({ ctx, input }) => resumeSequence(ctx, input.sequenceId));
