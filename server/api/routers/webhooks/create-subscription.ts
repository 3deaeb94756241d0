import { EVENT_TYPES } from "../../../events/event-types";
import { createSubscriptionForPrincipal } from "../../../webhooks/api-subscriptions";
import { managedByLabel } from "../../../webhooks/subscription-manager";
import { protectedProcedure } from "../../trpc";
import { createSubscriptionInput, createSubscriptionMeta, createSubscriptionOutput } from "./create-subscription.types";

export const createSubscriptionProcedure = protectedProcedure
  .meta(createSubscriptionMeta)
  .input(createSubscriptionInput)
  .output(createSubscriptionOutput)
  .mutation(async ({ ctx, input }) => {
    const result = await createSubscriptionForPrincipal(
      ctx,
      { targetUrl: input.target_url, event: input.event, externalId: input.external_id, name: input.name },
    );
    // An idempotent replay is not a creation.
    if (!result.created) ctx.response.status = 200;
    const { subscription } = result;
    return {
      id: subscription.id,
      target_url: subscription.targetUrl,
      event: subscription.event,
      external_id: subscription.externalId,
      managed_by: managedByLabel(subscription),
      name: subscription.name,
      ...(result.created ? { secret: result.secret } : {}),
      supported_events: [...EVENT_TYPES],
    };
  });
