import { z } from "zod";
import { MANAGERS } from "../../../auth/roles";
import type { ProcedureMeta } from "../../trpc";
import { pathIdSchema } from "../../../ids";
import { subscriptionIdSchema } from "./subscription.types";

export const deleteSubscriptionMeta = {
  scope: "webhooks:manage",
  roles: MANAGERS,
  openapi: {
    method: "DELETE",
    path: "/webhooks/subscriptions/{id}",
    tags: ["Webhooks"],
    summary: "Delete a webhook subscription",
    description:
      "Hard-deletes a subscription managed by an API integration or OAuth client, with its pending deliveries and delivery " +
      "log. A dashboard-managed subscription cannot be deleted through the API: 403 `FORBIDDEN`. 404 when missing or in " +
      "another organization.",
  },
} satisfies ProcedureMeta;

export const deleteSubscriptionInput = z.object({ id: pathIdSchema("subscription") });

export const deleteSubscriptionOutput = z.object({
  id: subscriptionIdSchema,
  deleted: z.literal(true),
});
