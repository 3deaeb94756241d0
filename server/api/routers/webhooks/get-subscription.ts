import { getSubscriptionForPrincipal } from "../../../webhooks/api-subscriptions";
import { toApiSubscriptionDetail } from "../../../webhooks/subscription-view";
import { protectedProcedure } from "../../trpc";
import { getSubscriptionInput, getSubscriptionMeta, getSubscriptionOutput } from "./get-subscription.types";

export const getSubscription = protectedProcedure
  .meta(getSubscriptionMeta)
  .input(getSubscriptionInput)
  .output(getSubscriptionOutput)
  .query(async ({ ctx, input }) =>
    toApiSubscriptionDetail(await getSubscriptionForPrincipal({ db: ctx.db, principal: ctx.principal }, input.id)),
  );
