import { setSubscriptionActive } from "../../../webhooks/dashboard-subscriptions";
import { webhookDashboardProcedure } from "./dashboard-procedure";
import { toDashboardSubscription } from "./dashboard-subscription.types";
import { setSubscriptionActiveInput, setSubscriptionActiveOutput } from "./set-subscription-active.types";

export const setSubscriptionActiveProcedure = webhookDashboardProcedure
  .input(setSubscriptionActiveInput)
  .output(setSubscriptionActiveOutput)
  .mutation(async ({ ctx, input }) => toDashboardSubscription(await setSubscriptionActive(ctx, input.id, input.isActive)));
