import type { DbTx } from "../../db/client";
import { Prisma } from "../../db/generated/client";
import { scheduleDeferredJob } from "../../jobs/deferred/deferred-job";
import { sendWebPushJob } from "./send-push-job";

/**
 * The devices each notified person subscribed, as a column of the notices'
 * insert (`RETURNING …, ${devicesOfNotified} AS "devices"` over the inserted
 * `Notification` row): read in the same statement, not one of its own.
 */
export const devicesOfNotified = Prisma.sql`ARRAY(SELECT ps."id"::text FROM "PushSubscription" ps WHERE ps."userId" = "Notification"."userId" ORDER BY ps."id")`;

/** One Web Push per device of each notified person, sent after commit; a person with no subscribed device gets none. */
export async function queuePushes(tx: DbTx, organizationId: string, notices: readonly { id: string; userId: string; devices: readonly string[] }[]): Promise<void> {
  for (const notice of notices) {
    for (const subscriptionId of notice.devices) {
      await scheduleDeferredJob(tx, sendWebPushJob, {
        organizationId,
        payload: { notificationId: notice.id, subscriptionId },
        runAt: { afterMs: 0 },
        key: notice.id,
      });
    }
  }
}
