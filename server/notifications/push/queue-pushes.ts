import type { DbTx } from "../../db/client";
import { scheduleDeferredJob } from "../../jobs/deferred/deferred-job";
import { sendWebPushJob } from "./send-push-job";

/** One Web Push per device of each notified person, sent after commit; a person with no subscribed device gets none. */
export async function queuePushes(tx: DbTx, organizationId: string, notices: readonly { id: string; userId: string }[]): Promise<void> {
  if (notices.length === 0) return;
  const devices = await tx.pushSubscription.findMany({ where: { userId: { in: notices.map((n) => n.userId) } }, select: { id: true, userId: true } });
  for (const notice of notices) {
    for (const device of devices.filter((d) => d.userId === notice.userId)) {
      await scheduleDeferredJob(tx, sendWebPushJob, {
        organizationId,
        payload: { notificationId: notice.id, subscriptionId: device.id },
        runAt: { afterMs: 0 },
        key: notice.id,
      });
    }
  }
}
