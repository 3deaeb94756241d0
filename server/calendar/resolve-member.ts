import type { DomainContext } from "../domain-context";
import { hasRole, MANAGERS } from "../auth/roles";
import { ApiError } from "../errors/api-error";
import { isUuid } from "../ids";

/**
 * Whose calendar an event call acts on, and how much of it the caller may touch.
 * - `whole`: every event (the member's own calendar, or an API key's call).
 * - `linked`: only events inmo created there (a `CalendarEventLink` of that
 *   member): an owner or admin acting on a colleague's calendar.
 */
export interface CalendarMember {
  userId: string;
  reach: "whole" | "linked";
}

/**
 * Member resolution (spec, Calendar, rules 1–3, and the second audit's H1):
 * - An API key (and the system actor) names the member with `userId` (missing:
 *   400 BAD_REQUEST) and reaches the whole calendar: a key is the
 *   organization-level integration an owner or admin set up on purpose.
 * - A session or an OAuth token acts on its own person's calendar; `userId`
 *   may be omitted or name that person.
 * - Naming a colleague: owners and admins reach only the events inmo created on
 *   that calendar; a member is refused (403 FORBIDDEN), so a colleague's private
 *   events are never listed, changed or deleted through someone else's login or app.
 * - A `userId` that is not a member of the organization (or not a uuid at all)
 *   is 404 INVALID_MEMBER, checked first.
 */
export async function resolveCalendarMember(ctx: DomainContext, userId: string | undefined): Promise<CalendarMember> {
  const { principal } = ctx;
  const requested = userId ?? principal.userId ?? undefined;
  if (!requested) throw new ApiError("BAD_REQUEST", "calendar.userIdRequired");
  if (!isUuid(requested)) throw new ApiError("INVALID_MEMBER", "calendar.invalidMember");
  const membership = await ctx.db.membership.findFirst({
    where: { organizationId: principal.organizationId, userId: requested },
    select: { userId: true },
  });
  if (!membership) throw new ApiError("INVALID_MEMBER", "calendar.invalidMember");
  if (principal.userId === null) return { userId: membership.userId, reach: "whole" };
  if (membership.userId === principal.userId) return { userId: membership.userId, reach: "whole" };
  if (!hasRole(principal.role, MANAGERS)) throw new ApiError("FORBIDDEN", "calendar.colleagueCalendar");
  return { userId: membership.userId, reach: "linked" };
}

/** On a colleague's calendar, an event id inmo did not create there is refused before Google is asked. */
export async function assertEventReachable(ctx: DomainContext, member: CalendarMember, provider: string, eventId: string): Promise<void> {
  if (member.reach === "whole") return;
  const link = await ctx.db.calendarEventLink.findFirst({
    where: { organizationId: ctx.principal.organizationId, provider, externalEventId: eventId, userId: member.userId },
    select: { id: true },
  });
  if (!link) throw new ApiError("FORBIDDEN", "calendar.colleagueEvent");
}

/** The ids of the events inmo created on a member's calendar (what a manager may see there). */
export async function linkedEventIds(ctx: DomainContext, member: CalendarMember, provider: string): Promise<Set<string>> {
  const links = await ctx.db.calendarEventLink.findMany({
    where: { organizationId: ctx.principal.organizationId, provider, userId: member.userId },
    select: { externalEventId: true },
  });
  return new Set(links.map((link) => link.externalEventId));
}
