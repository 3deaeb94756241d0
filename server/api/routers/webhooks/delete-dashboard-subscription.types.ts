import { z } from "zod";
import { pathIdSchema } from "../../../ids";
import { subscriptionIdSchema } from "./subscription.types";

export const deleteDashboardSubscriptionInput = z.object({ id: pathIdSchema("subscription") });

export const deleteDashboardSubscriptionOutput = z.object({ id: subscriptionIdSchema, deleted: z.literal(true) });
