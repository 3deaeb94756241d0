import webpush, { WebPushError } from "web-push";
import { agentFor } from "../../webhooks/http-sender";
import { deliverySettings } from "../../webhooks/settings";
import type { VapidKeys } from "./vapid-keys";
import { vapidSubject } from "./vapid-keys";

/** How long a push service keeps a push for an offline device (RFC 8030 §5.2): a notice older than an hour is stale. */
export const PUSH_TTL_SECONDS = 3_600;
/** Retry-After we honour at most; a longer wait is cut to it. */
const MAX_RETRY_AFTER_MS = 3_600_000;
const DEFAULT_RETRY_AFTER_MS = 60_000;

/** What the push service answered, as the sender acts on it. */
export type PushAnswer =
  | { outcome: "delivered" }
  /** 404/410: the subscription is gone for good (RFC 8030 §7.3): forget the device. */
  | { outcome: "expired"; status: number }
  /** 429: try again after the service's Retry-After. */
  | { outcome: "throttled"; retryAfterMs: number }
  /** 5xx or no answer: try again with backoff. */
  | { outcome: "unavailable"; detail: string }
  /** 413 and other 4xx: retrying the same push cannot help. */
  | { outcome: "refused"; status: number; detail: string };

export interface DeviceKeys {
  endpoint: string;
  p256dh: string;
  auth: string;
}

/**
 * One push to one device with the `web-push` library: the payload encrypted
 * as RFC 8291 aes128gcm for the device's keys, a VAPID (RFC 8292) JWT for the
 * endpoint's origin, TTL and Urgency (RFC 8030). It goes out through the
 * webhooks' guarded agent (addresses checked and pinned, no private targets,
 * the extra CA when configured), since a subscription's endpoint is a URL a
 * browser handed us.
 */
export async function sendPush(device: DeviceKeys, payload: string, keys: VapidKeys): Promise<PushAnswer> {
  const settings = deliverySettings();
  try {
    await webpush.sendNotification({ endpoint: device.endpoint, keys: { p256dh: device.p256dh, auth: device.auth } }, payload, {
      vapidDetails: { subject: vapidSubject(), publicKey: keys.publicKey, privateKey: keys.privateKey },
      TTL: PUSH_TTL_SECONDS,
      urgency: "high",
      contentEncoding: "aes128gcm",
      agent: agentFor(settings),
      timeout: settings.timeoutMs,
    });
    return { outcome: "delivered" };
  } catch (error) {
    if (!(error instanceof WebPushError)) return { outcome: "unavailable", detail: error instanceof Error ? error.message : String(error) };
    const status = error.statusCode;
    if (status === 404 || status === 410) return { outcome: "expired", status };
    if (status === 429) return { outcome: "throttled", retryAfterMs: retryAfterMs(error.headers["retry-after"]) };
    if (status >= 500) return { outcome: "unavailable", detail: `HTTP ${status}` };
    return { outcome: "refused", status, detail: String(error.body ?? "").slice(0, 300) };
  }
}

/** Retry-After as delay-seconds or an HTTP date (RFC 9110 §10.2.3); missing or unreadable: a minute. */
export function retryAfterMs(header: string | string[] | undefined, now = Date.now()): number {
  const value = Array.isArray(header) ? header[0] : header;
  if (!value) return DEFAULT_RETRY_AFTER_MS;
  const seconds = /^\d+$/.test(value.trim()) ? Number(value.trim()) * 1_000 : Date.parse(value) - now;
  if (!Number.isFinite(seconds) || seconds < 0) return DEFAULT_RETRY_AFTER_MS;
  return Math.min(seconds, MAX_RETRY_AFTER_MS);
}
