import { z } from "zod";
import { MANAGERS } from "../../../auth/roles";
import type { ProcedureMeta } from "../../trpc";
import { subscriptionListItemSchema } from "./subscription.types";

export const listSubscriptionsMeta = {
  scope: "webhooks:manage",
  roles: MANAGERS,
  openapi: {
    method: "GET",
    path: "/webhooks/subscriptions",
    tags: ["Webhooks"],
    summary: "List your webhook subscriptions",
    description:
      "Only the subscriptions managed by the calling client: those created with this API key, or through this OAuth client " +
      "(by any of its connections). Dashboard-managed subscriptions are not listed. Oldest first, not paginated.",
  },
} satisfies ProcedureMeta;

export const listSubscriptionsInput = z.void();

export const listSubscriptionsOutput = z.object({ data: z.array(subscriptionListItemSchema) });
