import { timingSafeEqual } from "node:crypto";
import { getDb } from "../../db";
import { runInTransaction } from "../../db/run-in-transaction";
import { queueScheduledRun } from "../../jobs/scheduled-runs";
import { logger } from "../../system/logger";
import { CALENDAR_SYNC_JOB_ID } from "./calendar-sync-job";
import { channelTokenHash } from "./sync-connection";

const empty = (status: number) => new Response(null, { status, headers: { "Cache-Control": "no-store" } });

function sameHash(given: string, expected: string): boolean {
  const a = Buffer.from(given);
  const b = Buffer.from(expected);
  return a.length === b.length && timingSafeEqual(a, b);
}

/**
 * Google's push notification for a member's calendar
 * (`POST /api/integrations/google/calendar/notifications`, no body, the
 * channel in X-Goog-* headers). The channel must be one we opened, with the
 * token we gave it (X-Goog-Channel-Token, compared in constant time with the
 * stored hash) and the resource Google named when it opened it; anything else
 * is 401 and nothing happens. `sync` (the channel works) needs nothing; any
 * other state asks for a sync of that calendar and makes the sync job due
 * now. Google only needs a 2xx; a notification for a channel we replaced is
 * acknowledged and ignored, so Google does not retry it.
 */
export async function handleCalendarPush(req: Request): Promise<Response> {
  const channelId = req.headers.get("x-goog-channel-id");
  const token = req.headers.get("x-goog-channel-token");
  const resourceId = req.headers.get("x-goog-resource-id");
  const state = req.headers.get("x-goog-resource-state");
  if (!channelId || !resourceId || !state) return empty(400);
  const db = await getDb();
  const connection = await db.calendarConnection.findUnique({
    where: { channelId },
    select: { id: true, organizationId: true, channelTokenHash: true, channelResourceId: true },
  });
  if (!connection) return empty(200);
  if (!token || !connection.channelTokenHash || !sameHash(channelTokenHash(token), connection.channelTokenHash) || connection.channelResourceId !== resourceId) {
    logger.warn("calendar.push_refused", { channelId });
    return empty(401);
  }
  if (state === "sync") return empty(200);
  await db.calendarConnection.updateMany({
    where: { id: connection.id, organizationId: connection.organizationId },
    data: { syncRequestedAt: new Date() },
  });
  await runInTransaction(db, (tx) => queueScheduledRun(tx, CALENDAR_SYNC_JOB_ID));
  return empty(200);
}
