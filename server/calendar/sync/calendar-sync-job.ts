import type { Db } from "../../db/client";
import { isApiError } from "../../errors/api-error";
import { sqlNow, type Clock } from "../../jobs/job-clock";
import { defineScheduledJob } from "../../jobs/job-definition";
import type { JobSchedule } from "../../jobs/job-schedule";
import { googleSettings } from "../google-settings";
import { CHANNEL_RENEW_BEFORE_MS, syncCalendarConnection } from "./sync-connection";

export const CALENDAR_SYNC_JOB_ID = "calendar-sync";
/** Without a push channel, a calendar is read this often. */
const SCHEDULE: JobSchedule = { every: "minute" };
/** With a channel, a full round anyway this often, in case a notification was lost. */
const SAFETY_SYNC_MS = 6 * 3_600_000;
/** Calendars synced in one run; the rest wait for the next minute. */
const PER_RUN = 200;

/**
 * The calendars due for a sync: those a push notification (or a new
 * connection) asked for first, then those never synced, those without a
 * channel (polled every run), those whose channel ends within a day, and
 * every calendar at least every six hours.
 */
async function dueConnections(db: Db, clock: Clock): Promise<string[]> {
  const now = sqlNow(clock);
  const rows = await db.$queryRaw<{ id: string }[]>`
    SELECT "id" FROM "CalendarConnection"
    WHERE "status" = 'active' AND (
      "syncRequestedAt" IS NOT NULL OR "lastSyncedAt" IS NULL OR "channelId" IS NULL
      OR "channelExpiresAt" < ${now} + ${CHANNEL_RENEW_BEFORE_MS}::double precision * interval '1 millisecond'
      OR "lastSyncedAt" < ${now} - ${SAFETY_SYNC_MS}::double precision * interval '1 millisecond')
    ORDER BY "syncRequestedAt" ASC NULLS LAST, "lastSyncedAt" ASC NULLS FIRST
    LIMIT ${PER_RUN}`;
  return rows.map((row) => row.id);
}

/** One run: each due calendar synced on its own, so one member's broken grant does not hold up the others. */
export async function syncDueCalendars(db: Db, clock: Clock): Promise<{ synced: number; failed: number }> {
  if (!googleSettings()) return { synced: 0, failed: 0 };
  let synced = 0;
  let failed = 0;
  for (const id of await dueConnections(db, clock)) {
    try {
      await syncCalendarConnection(db, id, clock());
      synced++;
    } catch (error) {
      // A grant that is gone marked its connection reconnect_required; an outage is retried next run.
      failed++;
      if (!isApiError(error)) throw error;
    }
  }
  return { synced, failed };
}

/**
 * Two-way calendar: brings the lead meetings in step with what members
 * changed in Google Calendar. Every minute; a push notification makes it due
 * at once (see push-notification.ts).
 */
export const calendarSyncJob = defineScheduledJob({
  id: CALENDAR_SYNC_JOB_ID,
  name: "Calendar: two-way sync with Google",
  retries: 2,
  schedule: SCHEDULE,
  async run(io, runtime) {
    return io.run("sync-due-calendars", () => syncDueCalendars(runtime.db, runtime.clock));
  },
});
