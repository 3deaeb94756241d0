import { deleteOrganizationSubscription } from "../../../webhooks/dashboard-subscriptions";
import { webhookDashboardProcedure } from "./dashboard-procedure";
import { deleteDashboardSubscriptionInput, deleteDashboardSubscriptionOutput } from "./delete-dashboard-subscription.types";

/** Any subscription of the organization, whoever manages it. */
export const deleteDashboardSubscriptionProcedure = webhookDashboardProcedure
  .input(deleteDashboardSubscriptionInput)
  .output(deleteDashboardSubscriptionOutput)
  .mutation(async ({ ctx, input }) => {
    const { id } = await deleteOrganizationSubscription(ctx, input.id);
    return { id, deleted: true as const };
  });
