import type { DomainContext } from "../domain-context";
import { findLeadOrThrow } from "../leads/find-lead";

export interface LeadMeeting {
  eventId: string;
  userId: string;
  memberName: string | null;
  title: string;
  startAt: string;
  endAt: string | null;
  note: string;
}

/**
 * The meetings scheduled through inmo with a lead that have not ended yet,
 * soonest first (dashboard: the lead page). Each names the member whose
 * calendar holds it, so rescheduling and cancelling act on that calendar.
 */
export async function listLeadMeetings(ctx: DomainContext, leadId: string): Promise<LeadMeeting[]> {
  const organizationId = ctx.principal.organizationId;
  await findLeadOrThrow(ctx.db, ctx.principal, leadId);
  const links = await ctx.db.calendarEventLink.findMany({
    where: { organizationId, leadId, cancelledAt: null, OR: [{ endAt: { gte: new Date() } }, { endAt: null }] },
    orderBy: { startAt: "asc" },
    take: 20,
  });
  const activityIds = links.map((l) => l.activityId).filter((id): id is string => id !== null);
  const userIds = [...new Set(links.map((l) => l.userId))];
  const [activities, users] = await Promise.all([
    ctx.db.leadActivity.findMany({ where: { organizationId, id: { in: activityIds } }, select: { id: true, content: true } }),
    ctx.db.user.findMany({ where: { id: { in: userIds }, memberships: { some: { organizationId } } }, select: { id: true, name: true } }),
  ]);
  const notes = new Map(activities.map((a) => [a.id, a.content]));
  const names = new Map(users.map((u) => [u.id, u.name]));
  return links
    .filter((l) => l.startAt !== null)
    .map((l) => ({
      eventId: l.externalEventId,
      userId: l.userId,
      memberName: names.get(l.userId) ?? null,
      title: l.title,
      startAt: l.startAt!.toISOString(),
      endAt: l.endAt?.toISOString() ?? null,
      note: (l.activityId && notes.get(l.activityId)) || "",
    }));
}
