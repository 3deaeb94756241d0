import { z } from "zod";
import { MANAGERS } from "../../../auth/roles";
import type { ProcedureMeta } from "../../trpc";
import { pathIdSchema } from "../../../ids";
import { subscriptionListItemSchema } from "./subscription.types";

export const getSubscriptionMeta = {
  scope: "webhooks:manage",
  roles: MANAGERS,
  openapi: {
    method: "GET",
    path: "/webhooks/subscriptions/{id}",
    tags: ["Webhooks"],
    summary: "Read one webhook subscription",
    description:
      "Any subscription of the organization, whoever manages it (see `managed_by`): the list item's fields plus `event` " +
      "(as on create) and `name`. Never the secret. 404 when missing or in another organization.",
  },
} satisfies ProcedureMeta;

export const getSubscriptionInput = z.object({ id: pathIdSchema("subscription") });

export const getSubscriptionOutput = subscriptionListItemSchema.extend({
  event: z.string().describe("The subscribed event type"),
  name: z.string().nullable().describe("Display name; null when none"),
});
