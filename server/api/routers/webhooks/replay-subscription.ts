import { replaySubscriptionEvents } from "../../../webhooks/replay-events";
import { protectedProcedure } from "../../trpc";
import { replaySubscriptionInput, replaySubscriptionMeta, replaySubscriptionOutput } from "./replay-subscription.types";

export const replaySubscriptionProcedure = protectedProcedure
  .meta(replaySubscriptionMeta)
  .input(replaySubscriptionInput)
  .output(replaySubscriptionOutput)
  .mutation(({ ctx, input }) => replaySubscriptionEvents(ctx, input.id, { since: input.since }));
