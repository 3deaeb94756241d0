import { eventSample } from "../../../webhooks/event-samples";
import { protectedProcedure } from "../../trpc";
import { getEventSampleInput, getEventSampleMeta, getEventSampleOutput } from "./get-event-sample.types";

export const getEventSampleProcedure = protectedProcedure
  .meta(getEventSampleMeta)
  .input(getEventSampleInput)
  .output(getEventSampleOutput)
  .query(({ ctx, input }) => {
    const { id, name, slug } = ctx.principal.organization;
    return eventSample(input.event, { id, name, slug });
  });
