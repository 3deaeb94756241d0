import { listOrganizationSubscriptions } from "../../../webhooks/dashboard-subscriptions";
import { webhookDashboardProcedure } from "./dashboard-procedure";
import { toDashboardSubscription } from "./dashboard-subscription.types";
import { listDashboardSubscriptionsInput, listDashboardSubscriptionsOutput } from "./list-dashboard-subscriptions.types";

/** Every subscription of the organization, whoever manages it. */
export const listDashboardSubscriptionsProcedure = webhookDashboardProcedure
  .input(listDashboardSubscriptionsInput)
  .output(listDashboardSubscriptionsOutput)
  .query(async ({ ctx }) => ({ data: (await listOrganizationSubscriptions(ctx)).map(toDashboardSubscription) }));
