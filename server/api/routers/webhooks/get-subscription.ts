import { getSubscriptionForPrincipal } from "../../../webhooks/api-subscriptions";
import { toApiSubscriptionDetail } from "../../../webhooks/subscription-view";
import { protectedProcedure } from "../../trpc";
import { getSubscriptionInput, getSubscriptionMeta, getSubscriptionOutput } from "./get-subscription.types";

export const getSubscriptionProcedure = protectedProcedure
  .meta(getSubscriptionMeta)
  .input(getSubscriptionInput)
  .output(getSubscriptionOutput)
  .query(async ({ ctx, input }) =>
    toApiSubscriptionDetail(await getSubscriptionForPrincipal(ctx, input.id)),
  );
