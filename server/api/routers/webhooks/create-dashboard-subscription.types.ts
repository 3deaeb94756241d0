import { z } from "zod";
import { dashboardSubscriptionSchema } from "./dashboard-subscription.types";
import { eventTypeSchema } from "./subscription.types";

export const createDashboardSubscriptionInput = z.object({
  targetUrl: z.string().trim().max(2048),
  event: eventTypeSchema,
  name: z.string().trim().max(255).nullish(),
});

export const createDashboardSubscriptionOutput = z.object({
  subscription: dashboardSubscriptionSchema,
  secret: z.string().describe("Shown once"),
});
