import { z } from "zod";
import { pathIdSchema } from "../../../ids";
import { dashboardSubscriptionSchema } from "./dashboard-subscription.types";

export const setSubscriptionActiveInput = z.object({ id: pathIdSchema("subscription"), isActive: z.boolean() });

export const setSubscriptionActiveOutput = dashboardSubscriptionSchema;
