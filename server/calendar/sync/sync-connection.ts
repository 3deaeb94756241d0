import { createHash, randomBytes, randomUUID } from "node:crypto";
import type { Db } from "../../db/client";
import { logger } from "../../system/logger";
import { openCalendarSession, type CalendarSession } from "../calendar-session";
import { meetingFollowsEvent } from "../meeting-follows-event";
import { SyncTokenExpired, type CalendarEventChange } from "../provider";
import { calendarPushAddress } from "./push-address";

/** Channels live a week at most at Google; we ask for that and replace them a day before they end. */
const CHANNEL_TTL_MS = 7 * 24 * 3_600_000;
export const CHANNEL_RENEW_BEFORE_MS = 24 * 3_600_000;

export function channelTokenHash(token: string): string {
  return createHash("sha256").update(token).digest("hex");
}

export interface SyncOutcome {
  changes: number;
  followed: number;
  fullSync: boolean;
}

/** Applies the reported changes to the meetings inmo scheduled on this calendar; other events are none of our business. */
async function follow(db: Db, organizationId: string, provider: string, changes: CalendarEventChange[]): Promise<number> {
  if (changes.length === 0) return 0;
  const links = await db.calendarEventLink.findMany({
    where: { organizationId, provider, externalEventId: { in: changes.map((c) => c.id) } },
    select: { id: true, organizationId: true, activityId: true, externalEventId: true },
  });
  const byEvent = new Map(links.map((link) => [link.externalEventId, link]));
  let followed = 0;
  for (const change of changes) {
    const link = byEvent.get(change.id);
    if (!link) continue;
    await meetingFollowsEvent(
      db,
      link,
      change.cancelled ? { cancelled: true } : { cancelled: false, event: change.event, note: change.event.description ?? "" },
    );
    followed++;
  }
  return followed;
}

/**
 * Opens a push channel when the app has an HTTPS address and the calendar
 * has none, or the one it has ends within a day (Google never renews a
 * channel: a new `watch` with a new id replaces it, then the old one is stopped).
 */
async function keepChannel(db: Db, session: CalendarSession, row: { id: string; organizationId: string; channelId: string | null; channelResourceId: string | null; channelExpiresAt: Date | null }, now: Date) {
  const address = calendarPushAddress();
  if (!address) return;
  if (row.channelId && row.channelExpiresAt && row.channelExpiresAt.getTime() - now.getTime() > CHANNEL_RENEW_BEFORE_MS) return;
  const id = randomUUID();
  const token = randomBytes(32).toString("base64url");
  const channel = await session.run((accessToken) =>
    session.provider.watchEvents(accessToken, { id, address, token, expiresAt: new Date(now.getTime() + CHANNEL_TTL_MS) }),
  );
  await db.calendarConnection.updateMany({
    where: { id: row.id, organizationId: row.organizationId },
    data: { channelId: id, channelResourceId: channel.resourceId, channelTokenHash: channelTokenHash(token), channelExpiresAt: channel.expiresAt },
  });
  if (row.channelId && row.channelResourceId) {
    const old = { id: row.channelId, resourceId: row.channelResourceId };
    await session.run((accessToken) => session.provider.stopChannel(accessToken, old)).catch((error: unknown) =>
      logger.warn("calendar.channel_stop_failed", { connectionId: row.id, error: String(error) }),
    );
  }
}

/**
 * Brings one member's calendar into step: the changes since the last sync
 * token (or everything, on the first sync and when Google says the token is
 * no longer valid), applied to the linked lead meetings, and the new token
 * kept for next time; then the push channel is opened or renewed. A push
 * that arrives meanwhile leaves `syncRequestedAt` set for the next run.
 */
export async function syncCalendarConnection(db: Db, connectionId: string, now = new Date()): Promise<SyncOutcome> {
  const row = await db.calendarConnection.findUnique({ where: { id: connectionId } });
  if (!row || row.status !== "active") return { changes: 0, followed: 0, fullSync: false };
  const session = await openCalendarSession(db, row.organizationId, row.userId);
  let fullSync = row.syncToken === null;
  let listed;
  try {
    listed = await session.run((token) => session.provider.listChanges(token, row.syncToken));
  } catch (error) {
    if (!(error instanceof SyncTokenExpired)) throw error;
    fullSync = true;
    listed = await session.run((token) => session.provider.listChanges(token, null));
  }
  const followed = await follow(db, row.organizationId, session.provider.id, listed.changes);
  await db.calendarConnection.updateMany({
    where: { id: row.id, organizationId: row.organizationId },
    data: { syncToken: listed.nextSyncToken, lastSyncedAt: now },
  });
  // Only the requests this sync answered: one that arrived while Google was being asked stays for the next run.
  await db.calendarConnection.updateMany({
    where: { id: row.id, organizationId: row.organizationId, syncRequestedAt: { lte: now } },
    data: { syncRequestedAt: null },
  });
  try {
    await keepChannel(db, session, row, now);
  } catch (error) {
    // The scheduled sync still covers this calendar; the next run tries the channel again.
    logger.warn("calendar.channel_failed", { connectionId: row.id, error: String(error) });
  }
  return { changes: listed.changes.length, followed, fullSync };
}
