import { z } from "zod";
import { dashboardSubscriptionSchema } from "./dashboard-subscription.types";

export const listDashboardSubscriptionsInput = z.void();

export const listDashboardSubscriptionsOutput = z.object({ data: z.array(dashboardSubscriptionSchema) });
