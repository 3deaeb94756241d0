import type { Db, DbTx } from "../../db/client";

/** What the timeline's meeting entry records when its event was cancelled in the calendar. */
export const MEETING_CANCELLED = { meeting: { from: "scheduled", to: "cancelled" } } as const;

interface MeetingActivityRef {
  organizationId: string;
  activityId: string;
}

/**
 * A meeting's timeline entry sits at the meeting's start (not when it was
 * booked), so the timeline reads in the order things happen; the calendar
 * moves it whenever its event moves. `note` undefined keeps the entry's text.
 */
export async function placeMeetingActivity(
  db: Db | DbTx,
  ref: MeetingActivityRef,
  meeting: { startAt: Date; note?: string },
): Promise<void> {
  await db.leadActivity.updateMany({
    where: { id: ref.activityId, organizationId: ref.organizationId },
    data: { createdAt: meeting.startAt, ...(meeting.note !== undefined ? { content: meeting.note } : {}) },
  });
}

/** A meeting cancelled in the calendar stays on the timeline, marked cancelled, rather than vanishing. */
export async function markMeetingCancelled(db: Db | DbTx, ref: MeetingActivityRef): Promise<void> {
  await db.leadActivity.updateMany({
    where: { id: ref.activityId, organizationId: ref.organizationId },
    data: { changes: MEETING_CANCELLED },
  });
}

/** A meeting deleted through inmo leaves no entry: the member took it back before it happened. */
export async function removeMeetingActivity(db: Db | DbTx, ref: MeetingActivityRef): Promise<void> {
  await db.leadActivity.deleteMany({ where: { id: ref.activityId, organizationId: ref.organizationId } });
}
