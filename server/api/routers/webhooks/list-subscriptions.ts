import { listSubscriptionsForPrincipal } from "../../../webhooks/api-subscriptions";
import { toApiSubscription } from "../../../webhooks/subscription-view";
import { protectedProcedure } from "../../trpc";
import { listSubscriptionsInput, listSubscriptionsMeta, listSubscriptionsOutput } from "./list-subscriptions.types";

export const listSubscriptionsProcedure = protectedProcedure
  .meta(listSubscriptionsMeta)
  .input(listSubscriptionsInput)
  .output(listSubscriptionsOutput)
  .query(async ({ ctx }) => {
    const rows = await listSubscriptionsForPrincipal(ctx);
    return { data: rows.map(toApiSubscription) };
  });
