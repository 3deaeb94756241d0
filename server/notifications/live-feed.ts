import type { Db } from "../db/client";
import { Prisma } from "../db/generated/client";
import { logger } from "../system/logger";
import type { NotificationKind } from "./notification-kinds";

export interface LiveNotice {
  id: string;
  seq: string;
  organizationId: string;
  userId: string;
  kind: NotificationKind;
  leadId: string | null;
  leadName: string | null;
  createdAt: string;
  /**
   * Set when the news is that the notice was read (by its person in another
   * tab, or settled for everyone when a lead offered to several was claimed):
   * the bell's count and list change though nothing new arrived.
   */
  readAt: string | null;
}

type Listener = (notice: LiveNotice) => void;

/** How often each app instance looks for new notices while someone is listening: well inside the 3 s a notice may take. */
export const LIVE_POLL_MS = 1_000;
/**
 * How far back each look reaches past the previous one. A notice's row is
 * stamped with its transaction's start, which can be earlier than the
 * previous look while the transaction was still open; rows already sent are
 * remembered by id, so the overlap never sends one twice.
 */
const LOOKBACK_MS = 15_000;

interface Feed {
  listeners: Map<string, Set<Listener>>;
  timer: NodeJS.Timeout | null;
  since: Date | null;
  sent: Map<string, number>;
  db: Db | null;
}

const holder = globalThis as unknown as { inmoLiveFeed?: Feed };
const feed: Feed = (holder.inmoLiveFeed ??= { listeners: new Map(), timer: null, since: null, sent: new Map(), db: null });

const keyOf = (organizationId: string, userId: string) => `${organizationId}:${userId}`;

/**
 * The live stream's source, one per app instance: while at least one browser
 * listens, one query a second reads the notices written since the last look
 * for the people listening here, from the table every instance writes to, so
 * a notice written by any instance (or by a job) reaches a browser connected
 * to any other within about a second, without a message broker. Answers the
 * unsubscription.
 */
export function listenForNotices(db: Db, organizationId: string, userId: string, listener: Listener): () => void {
  const key = keyOf(organizationId, userId);
  let set = feed.listeners.get(key);
  if (!set) feed.listeners.set(key, (set = new Set()));
  set.add(listener);
  feed.db = db;
  if (!feed.timer) {
    feed.since = null;
    feed.timer = setInterval(() => void look(), LIVE_POLL_MS);
    feed.timer.unref?.();
    void look();
  }
  return () => {
    set.delete(listener);
    if (set.size === 0) feed.listeners.delete(key);
    if (feed.listeners.size === 0 && feed.timer) {
      clearInterval(feed.timer);
      feed.timer = null;
    }
  };
}

let looking = false;

async function look(): Promise<void> {
  if (looking || !feed.db || feed.listeners.size === 0) return;
  looking = true;
  try {
    const userIds = [...new Set([...feed.listeners.keys()].map((key) => key.split(":")[1]!))];
    const after = Prisma.sql`COALESCE(${feed.since}::timestamptz, now()) - ${LOOKBACK_MS}::double precision * interval '1 millisecond'`;
    // New unread notices, and notices read since the last look (a read is news for the bell's count too).
    const rows = await feed.db.$queryRaw<(Omit<LiveNotice, "seq" | "createdAt" | "readAt"> & { seq: bigint; createdAt: Date; readAt: Date | null })[]>`
      SELECT n."id"::text AS "id", n."seq", n."organizationId"::text AS "organizationId", n."userId"::text AS "userId", n."kind"::text AS "kind",
        n."leadId", n."leadName", n."createdAt", n."readAt"
      FROM "Notification" n
      WHERE n."userId" = ANY(${userIds}::uuid[])
        AND ((n."createdAt" > ${after} AND n."readAt" IS NULL) OR n."readAt" > ${after})
      ORDER BY n."seq" LIMIT 1000`;
    const [{ now } = { now: new Date() }] = await feed.db.$queryRaw<{ now: Date }[]>`SELECT now() AS "now"`;
    feed.since = now;
    for (const row of rows) {
      // A notice is news twice at most: when it arrives and when it is read.
      const sentKey = row.readAt === null ? row.id : `${row.id}:read`;
      if (feed.sent.has(sentKey)) continue;
      // Also on the first look: a notice a few seconds old costs a listener one reload of its list, a skipped one
      // written between a browser's connection and that look would wait for the next reload.
      feed.sent.set(sentKey, (row.readAt ?? row.createdAt).getTime());
      const notice: LiveNotice = { ...row, seq: row.seq.toString(), createdAt: row.createdAt.toISOString(), readAt: row.readAt?.toISOString() ?? null };
      for (const listener of feed.listeners.get(keyOf(row.organizationId, row.userId)) ?? []) listener(notice);
    }
    const horizon = now.getTime() - 2 * LOOKBACK_MS;
    for (const [id, at] of feed.sent) if (at < horizon) feed.sent.delete(id);
  } catch (error) {
    logger.warn("notifications.live_look_failed", { error });
  } finally {
    looking = false;
  }
}
