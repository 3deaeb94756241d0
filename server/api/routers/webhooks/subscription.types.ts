import { z } from "zod";
import { EVENT_TYPES } from "../../../events/event-types";
import { timestampSchema } from "../../schemas/timestamp";

/** Shared pieces of the webhook procedures' schemas; their descriptions become the API documentation. */

export const subscriptionIdSchema = z.uuid().describe("Webhook subscription id (uuid)");

export const eventTypeSchema = z.enum(EVENT_TYPES).describe("One event type; `GET /webhooks/events` lists them");

export const managedBySchema = z
  .string()
  .describe(
    "Who manages the subscription: `api` (created with an API key), the OAuth client's public id (created through that " +
      "app; the same value `GET /me` returns as `auth.clientId`), or `dashboard` (created in the dashboard)",
  );

export const subscriptionListItemSchema = z.object({
  id: subscriptionIdSchema,
  target_url: z.string().describe("HTTPS URL the deliveries are POSTed to"),
  events: z.array(z.string()).describe("The subscribed event type (exactly one)"),
  external_id: z.string().nullable().describe("The caller's own identifier, used for idempotent creation; null when none"),
  managed_by: managedBySchema,
  is_active: z.boolean().describe("Inactive subscriptions receive no deliveries"),
  created_at: timestampSchema,
});

/**
 * How deliveries behave, stated once and published in the create operation:
 * the contract leaves the timeout and the attempt count open or ambiguous.
 */
export const DELIVERY_DOCUMENTATION = [
  "**Deliveries.** Each event is POSTed to `target_url` with `Content-Type: application/json`, `User-Agent: Service-Webhook/1.0`, " +
    "`X-Service-Event` (event type), `X-Service-Delivery` (delivery uuid, identical across retries: use it as idempotency key), " +
    "`X-Service-Signature: sha256=<hex>` (HMAC-SHA256 of the exact raw body keyed with the subscription `secret`; verify over the raw " +
    "bytes in constant time), `X-Service-Signatures` (every valid signature, space-separated: the same one, plus the previous " +
    "secret's for 24 hours after a rotation) and `X-Service-Source` (`ui`, `api` or `system`; drop `api` events if you write back, " +
    "to avoid loops).",
  "**Acknowledgement.** Any 2xx acknowledges; the body is ignored (read up to 4 KB). A network or TLS error, no response within " +
    "10 seconds, any 3xx (redirects are not followed) or a status of 400 and above is a failed attempt.",
  "**Retries.** Six attempts in all: the first immediately, then 1 minute, 5 minutes, 30 minutes, 2 hours and 12 hours after the " +
    "previous failure (one initial attempt plus five retries). After the sixth failure the delivery is `failed` and is not retried " +
    "automatically. Delivery is at least once: deduplicate on `X-Service-Delivery`.",
  "**Targets.** HTTPS only. Hosts that are, or resolve to, loopback, private, link-local, CGNAT, multicast or other reserved " +
    "addresses are refused when subscribing (400 `VALIDATION_ERROR` on `target_url`) and again at every delivery.",
].join("\n\n");
