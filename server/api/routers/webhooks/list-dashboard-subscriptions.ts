import { listOrganizationSubscriptions } from "../../../webhooks/dashboard-subscriptions";
import { protectedProcedure } from "../../trpc";
import { MANAGERS } from "../../../auth/roles";
import { toDashboardSubscription } from "./dashboard-subscription.types";
import { listDashboardSubscriptionsInput, listDashboardSubscriptionsOutput } from "./list-dashboard-subscriptions.types";

/** Every subscription of the organization, whoever manages it. */
export const listDashboardSubscriptionsProcedure = protectedProcedure
  .meta({ scope: "webhooks:manage", roles: MANAGERS })
  .input(listDashboardSubscriptionsInput)
  .output(listDashboardSubscriptionsOutput)
  .query(async ({ ctx }) => ({ data: (await listOrganizationSubscriptions(ctx)).map(toDashboardSubscription) }));
