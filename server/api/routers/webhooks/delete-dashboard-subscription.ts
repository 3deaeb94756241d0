import { deleteOrganizationSubscription } from "../../../webhooks/dashboard-subscriptions";
import { protectedProcedure } from "../../trpc";
import { MANAGERS } from "../../../auth/roles";
import { deleteDashboardSubscriptionInput, deleteDashboardSubscriptionOutput } from "./delete-dashboard-subscription.types";

/** Any subscription of the organization, whoever manages it. */
export const deleteDashboardSubscriptionProcedure = protectedProcedure
  .meta({ scope: "webhooks:manage", roles: MANAGERS })
  .input(deleteDashboardSubscriptionInput)
  .output(deleteDashboardSubscriptionOutput)
  .mutation(async ({ ctx, input }) => {
    const { id } = await deleteOrganizationSubscription(ctx, input.id);
    return { id, deleted: true as const };
  });
