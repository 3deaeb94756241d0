import type { Db, DbTx } from "../db/client";
import type { CalendarEventView } from "./provider";

interface LinkRow {
  id: string;
  organizationId: string;
  activityId: string | null;
}

/** What the timeline's meeting entry records when its event was cancelled in the calendar. */
export const MEETING_CANCELLED = { meeting: { from: "scheduled", to: "cancelled" } } as const;

/**
 * The one rule for "a lead's meeting follows its calendar event", whoever
 * changed the event (a member through inmo, or in Google Calendar itself,
 * reported by a sync): the link keeps the event's title and times, the
 * meeting activity sits at the event's start with the event's description as
 * its note (`note` undefined keeps the note), and an event cancelled in the
 * calendar leaves the meeting on the timeline marked cancelled.
 */
export async function meetingFollowsEvent(
  db: Db | DbTx,
  link: LinkRow,
  change: { cancelled: true } | { cancelled: false; event: CalendarEventView; note?: string },
): Promise<void> {
  const { organizationId } = link;
  if (change.cancelled) {
    await db.calendarEventLink.updateMany({ where: { id: link.id, organizationId, cancelledAt: null }, data: { cancelledAt: new Date() } });
    if (link.activityId) {
      await db.leadActivity.updateMany({ where: { id: link.activityId, organizationId }, data: { changes: MEETING_CANCELLED } });
    }
    return;
  }
  const { event, note } = change;
  const startAt = new Date(event.start);
  await db.calendarEventLink.updateMany({
    where: { id: link.id, organizationId },
    data: { title: event.title, startAt, endAt: new Date(event.end), cancelledAt: null },
  });
  if (link.activityId) {
    await db.leadActivity.updateMany({
      where: { id: link.activityId, organizationId },
      data: { createdAt: startAt, ...(note !== undefined ? { content: note } : {}) },
    });
  }
}
