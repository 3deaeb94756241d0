import { z } from "zod";
import { MANAGERS } from "../../../auth/roles";
import { pathIdSchema } from "../../../ids";
import { SECRET_OVERLAP_HOURS } from "../../../webhooks/rotate-secret";
import { timestampSchema } from "../../schemas/timestamp";
import type { ProcedureMeta } from "../../trpc";
import { subscriptionIdSchema } from "./subscription.types";

export const rotateSubscriptionSecretMeta = {
  scope: "webhooks:manage",
  roles: MANAGERS,
  openapi: {
    method: "POST",
    path: "/webhooks/subscriptions/{id}/rotate-secret",
    tags: ["Webhooks"],
    summary: "Rotate a subscription's signing secret",
    description:
      "Answers a new `secret`, once. From the next delivery on, `X-Service-Signature` is signed with the new secret, and for " +
      `${SECRET_OVERLAP_HOURS} hours (until \`previous_secret_expires_at\`) every delivery also carries the previous secret's ` +
      "signature in `X-Service-Signatures` (a space-separated list of `sha256=<hex>`, one per valid secret, newest first), so a " +
      "receiver that still knows only the old secret keeps verifying while you deploy the new one. Rotating again during the " +
      "overlap drops the oldest secret. `DELETE /webhooks/subscriptions/{id}/previous-secret` ends the overlap early. A " +
      "dashboard-managed subscription is rotated in Settings → Webhooks: 403 `FORBIDDEN` here. 404 when missing or in another organization.",
  },
} satisfies ProcedureMeta;

export const rotateSubscriptionSecretInput = z.object({ id: pathIdSchema("subscription") });

export const rotateSubscriptionSecretOutput = z.object({
  id: subscriptionIdSchema,
  secret: z.string().describe("The new signing secret (`whsec_…`), shown only in this answer"),
  previous_secret_expires_at: timestampSchema.describe("Until then deliveries are signed with the previous secret too"),
});
