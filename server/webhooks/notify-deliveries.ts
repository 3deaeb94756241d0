import { logger } from "../system/logger";
import { isInngestConfigured } from "./settings";

/**
 * Call after a transaction that recorded events has COMMITTED (never inside
 * it, never awaited on a request's critical path): it shortens the wait before
 * the first attempt. Optional for correctness: the deliveries are rows, and
 * the embedded poller (every second) or the Inngest sweeper (every minute)
 * finds them anyway.
 */
export function notifyWebhookDeliveries(): void {
  void (async () => {
    const { nudgeEmbeddedWebhookDriver } = await import("../../inngest/embedded/process-driver");
    if (nudgeEmbeddedWebhookDriver()) return;
    if (!isInngestConfigured()) return;
    const { inngest, WEBHOOK_DELIVERIES_RECORDED } = await import("../../inngest/client");
    await inngest.send({ name: WEBHOOK_DELIVERIES_RECORDED, data: {} });
  })().catch((error: unknown) => logger.warn("webhooks.notify_failed", { error }));
}
