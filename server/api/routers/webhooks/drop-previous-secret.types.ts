import { z } from "zod";
import { MANAGERS } from "../../../auth/roles";
import { pathIdSchema } from "../../../ids";
import type { ProcedureMeta } from "../../trpc";
import { subscriptionIdSchema } from "./subscription.types";

export const dropPreviousSecretMeta = {
  scope: "webhooks:manage",
  roles: MANAGERS,
  openapi: {
    method: "DELETE",
    path: "/webhooks/subscriptions/{id}/previous-secret",
    tags: ["Webhooks"],
    summary: "End a secret rotation's overlap",
    description:
      "Forgets the previous signing secret now: deliveries are signed with the current secret only. Answers the same when there " +
      "is no previous secret. 403 for a dashboard-managed subscription; 404 when missing or in another organization.",
  },
} satisfies ProcedureMeta;

export const dropPreviousSecretInput = z.object({ id: pathIdSchema("subscription") });

export const dropPreviousSecretOutput = z.object({
  id: subscriptionIdSchema,
  previous_secret_expires_at: z.null().describe("Always null: no previous secret is valid any more"),
});
