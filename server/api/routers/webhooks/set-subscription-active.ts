import { setSubscriptionActive } from "../../../webhooks/dashboard-subscriptions";
import { protectedProcedure } from "../../trpc";
import { MANAGERS } from "../../../auth/roles";
import { toDashboardSubscription } from "./dashboard-subscription.types";
import { setSubscriptionActiveInput, setSubscriptionActiveOutput } from "./set-subscription-active.types";

export const setSubscriptionActiveProcedure = protectedProcedure
  .meta({ scope: "webhooks:manage", roles: MANAGERS })
  .input(setSubscriptionActiveInput)
  .output(setSubscriptionActiveOutput)
  .mutation(async ({ ctx, input }) => toDashboardSubscription(await setSubscriptionActive(ctx, input.id, input.isActive)));
