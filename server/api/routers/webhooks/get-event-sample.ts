import type { z } from "zod";
import { eventSample } from "../../../webhooks/event-samples";
import { protectedProcedure } from "../../trpc";
import { getEventSampleInput, getEventSampleMeta, getEventSampleOutput } from "./get-event-sample.types";

export const getEventSampleProcedure = protectedProcedure
  .meta(getEventSampleMeta)
  .input(getEventSampleInput)
  .output(getEventSampleOutput)
  .query(({ ctx, input }) => {
    const { id, name, slug } = ctx.principal.organization;
    // Typed loosely as every envelope is; the output schema checks this one's data against the documented shapes.
    return eventSample(input.event, { id, name, slug }) as z.input<typeof getEventSampleOutput>;
  });
