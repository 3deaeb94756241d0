import type { Db, DbTx } from "../db/client";
import { markMeetingCancelled, placeMeetingActivity } from "../leads/activities/meeting-activity";
import type { CalendarEventView } from "./provider";

interface LinkRow {
  id: string;
  organizationId: string;
  activityId: string | null;
}

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
      await markMeetingCancelled(db, { organizationId, activityId: link.activityId });
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
    await placeMeetingActivity(db, { organizationId, activityId: link.activityId }, { startAt, note });
  }
}
