import { z } from "zod";
import { defineDeferredJob, scheduleDeferredJob } from "../../jobs/deferred/deferred-job";
import { logger } from "../../system/logger";
import { recipientsWhoSee } from "../recipient-visibility";
import { pushMessageOf } from "./push-text";
import { sendPush } from "./send-push";
import { vapidKeys } from "./vapid-keys";

/** 5xx and network failures: again after 10 s, 1 min, 5 min, 30 min, then given up (a notice older than that is stale). */
const RETRY_DELAYS_MS = [10_000, 60_000, 5 * 60_000, 30 * 60_000] as const;
/** A push service that keeps throttling is given up on after this many waits. */
const MAX_THROTTLED = 5;

const payloadSchema = z.object({
  notificationId: z.uuid(),
  subscriptionId: z.uuid(),
  /** How many times the push service answered 429 so far. */
  throttled: z.number().int().min(0).optional(),
});

/**
 * One Web Push of one notice to one device, as the push service's answer
 * says: 201 delivered; 404/410 the device unsubscribed, so it is forgotten;
 * 429 sent again once its Retry-After has passed (on the job clock); 5xx or
 * no answer retried with backoff (a thrown attempt); 413 and other 4xx never
 * retried. Nothing is sent for a notice already read, or about a lead its
 * reader can no longer see.
 */
export const sendWebPushJob = defineDeferredJob({
  kind: "send-web-push",
  payload: payloadSchema,
  retryDelaysMs: RETRY_DELAYS_MS,
  async run(ctx, { payload, clock }) {
    const organizationId = ctx.principal.organizationId;
    const notice = await ctx.db.notification.findFirst({ where: { id: payload.notificationId, organizationId }, include: { user: { select: { locale: true } } } });
    if (!notice || notice.readAt !== null) return;
    const device = await ctx.db.pushSubscription.findFirst({ where: { id: payload.subscriptionId, userId: notice.userId } });
    if (!device) return;
    if ((await recipientsWhoSee(ctx.db, organizationId, [notice.userId], notice.leadId)).length === 0) return;

    const message = pushMessageOf(notice.user.locale, notice);
    const answer = await sendPush(device, JSON.stringify(message), await vapidKeys(ctx.db));
    switch (answer.outcome) {
      case "delivered":
        await ctx.db.pushSubscription.updateMany({ where: { id: device.id }, data: { lastPushedAt: clock() } });
        return;
      case "expired":
        await ctx.db.pushSubscription.deleteMany({ where: { id: device.id, endpoint: device.endpoint } });
        logger.info("notifications.push_subscription_expired", { subscriptionId: device.id, status: answer.status });
        return;
      case "throttled": {
        const throttled = (payload.throttled ?? 0) + 1;
        if (throttled > MAX_THROTTLED) return logger.warn("notifications.push_throttled_gave_up", { subscriptionId: device.id });
        await scheduleDeferredJob(ctx.db, sendWebPushJob, {
          organizationId,
          payload: { ...payload, throttled },
          runAt: new Date(clock().getTime() + answer.retryAfterMs),
          key: notice.id,
        });
        return;
      }
      case "unavailable":
        throw new Error(`push service unavailable: ${answer.detail}`);
      case "refused":
        logger.warn("notifications.push_refused", { subscriptionId: device.id, status: answer.status, detail: answer.detail });
        return;
    }
  },
});
