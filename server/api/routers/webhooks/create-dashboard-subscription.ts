import { createDashboardSubscription } from "../../../webhooks/dashboard-subscriptions";
import { protectedProcedure } from "../../trpc";
import { MANAGERS } from "../../../auth/roles";
import { toDashboardSubscription } from "./dashboard-subscription.types";
import { createDashboardSubscriptionInput, createDashboardSubscriptionOutput } from "./create-dashboard-subscription.types";

export const createDashboardSubscriptionProcedure = protectedProcedure
  .meta({ scope: "webhooks:manage", roles: MANAGERS })
  .input(createDashboardSubscriptionInput)
  .output(createDashboardSubscriptionOutput)
  .mutation(async ({ ctx, input }) => {
    const result = await createDashboardSubscription(ctx, input);
    if (!result.created) throw new Error("dashboard subscriptions have no external id to replay");
    return { subscription: toDashboardSubscription(result.subscription), secret: result.secret };
  });
