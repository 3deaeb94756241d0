import { z } from "zod";
import { MANAGERS } from "../../../auth/roles";
import { EVENT_TYPES } from "../../../events/event-types";
import type { ProcedureMeta } from "../../trpc";
import { DELIVERY_DOCUMENTATION, eventTypeSchema, managedBySchema, subscriptionIdSchema } from "./subscription.types";

export const createSubscriptionMeta = {
  scope: "webhooks:manage",
  roles: MANAGERS,
  successStatus: 201,
  alsoSucceedsWith: { 200: "Idempotent replay: the subscription this client already created with the same `external_id`, without `secret`" },
  openapi: {
    method: "POST",
    path: "/webhooks/subscriptions",
    tags: ["Webhooks"],
    summary: "Subscribe to an event",
    description: [
      "Creates a subscription to one event type and returns its signing `secret`, shown this once (a lost secret means " +
        "deleting and recreating the subscription). Answers 201.",
      "**Idempotency.** When this client already created a subscription with the same `external_id`, the call answers 200 " +
        "with that subscription unchanged and without `secret` (the original secret stays valid), whatever the rest of the body says.",
      "**Limits.** 403 `FORBIDDEN` when the organization's plan limit on webhook endpoints (`maxWebhookEndpoints`, counting every " +
        "subscription of the organization) is reached.",
      DELIVERY_DOCUMENTATION,
    ].join("\n\n"),
  },
} satisfies ProcedureMeta;

function isAbsoluteHttpsUrl(value: string): boolean {
  try {
    return new URL(value).protocol === "https:";
  } catch {
    return false;
  }
}

export const createSubscriptionInput = z.object({
  target_url: z
    .string()
    .trim()
    .max(2048)
    .refine(isAbsoluteHttpsUrl, "validation.httpsUrl")
    .describe("HTTPS URL to deliver to; must not point to a private, loopback or reserved address"),
  event: eventTypeSchema,
  external_id: z
    .string()
    .trim()
    .min(1)
    .max(255)
    .nullish()
    .describe("Your identifier for this subscription (recommended): repeating a create with it returns the existing subscription"),
  name: z.string().trim().max(255).nullish().describe("Display name, at most 255 characters"),
});

export const createSubscriptionOutput = z.object({
  id: subscriptionIdSchema,
  target_url: z.string(),
  event: z.string().describe("The subscribed event type"),
  external_id: z.string().nullable(),
  managed_by: managedBySchema,
  name: z.string().nullable().describe("Extension, not in the contract: the display name sent on create, null when none (as the single read shows it)"),
  secret: z
    .string()
    .optional()
    .describe("Signing secret (`whsec_…`), only in the 201 of the first creation; absent on an idempotent replay"),
  supported_events: z.array(z.string()).describe(`Every event type (${EVENT_TYPES.length})`),
});
