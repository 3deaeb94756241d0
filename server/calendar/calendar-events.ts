import type { DomainContext } from "../domain-context";
import { ApiError } from "../errors/api-error";
import { findLeadOrThrow } from "../leads/find-lead";
import { logLeadCommunication } from "../leads/activities/log-communication";
import { placeMeetingActivity, removeMeetingActivity } from "../leads/activities/meeting-activity";
import { runInTransaction } from "../db/run-in-transaction";
import { logger } from "../system/logger";
import { openCalendarSession } from "./calendar-session";
import { EventNotFound, type CalendarEventView } from "./provider";
import { meetingFollowsEvent } from "./meeting-follows-event";
import { assertEventReachable, linkedEventIds, resolveCalendarMember } from "./resolve-member";
import { meetingInterval, organizationTimeZone } from "./wall-clock";

/**
 * The spec's calendar events on one member's primary calendar. Order of
 * checks after scope and validation (done by the procedure): member
 * resolution (400 / 404 INVALID_MEMBER), the connection (403), then the lead (404).
 */
export interface ListEventsRequest {
  userId?: string;
  timeMin: string;
  timeMax: string;
}

export async function listCalendarEvents(ctx: DomainContext, request: ListEventsRequest): Promise<CalendarEventView[]> {
  const member = await resolveCalendarMember(ctx, request.userId);
  const session = await openCalendarSession(ctx.db, ctx.principal.organizationId, member.userId);
  const timeZone = organizationTimeZone(ctx.principal.organization.timezone);
  const events = await session.run((token) =>
    session.provider.listEvents(token, { timeMin: request.timeMin, timeMax: request.timeMax, timeZone }),
  );
  if (member.reach === "whole") return events; // expanded and ordered by start by the provider
  const linked = await linkedEventIds(ctx, member, session.provider.id);
  return events.filter((event) => linked.has(event.id));
}

export interface CreateEventRequest {
  userId?: string;
  leadId: string;
  startAt: string;
  durationMinutes: number;
  title?: string;
  description?: string;
}

export interface CreatedEvent {
  event: CalendarEventView;
  activityId?: string;
}

function leadName(lead: { firstName: string | null; lastName: string | null; email: string | null }): string {
  return [lead.firstName, lead.lastName].filter(Boolean).join(" ").trim() || lead.email || "lead";
}

export async function createCalendarEvent(ctx: DomainContext, request: CreateEventRequest): Promise<CreatedEvent> {
  const organizationId = ctx.principal.organizationId;
  const { userId } = await resolveCalendarMember(ctx, request.userId);
  const session = await openCalendarSession(ctx.db, organizationId, userId);
  // A lead the caller may not see is not found (404), exactly like another organization's.
  const lead = await findLeadOrThrow(ctx.db, ctx.principal, request.leadId);
  const timeZone = organizationTimeZone(ctx.principal.organization.timezone);
  const { start, end } = meetingInterval(request.startAt, request.durationMinutes, timeZone);
  const event = await session.run((token) =>
    session.provider.createEvent(
      token,
      {
        title: request.title ?? `Reunión con ${leadName(lead)}`,
        description: request.description,
        start,
        end,
        timeZone,
        attendees: lead.email ? [lead.email] : [],
      },
      { leadId: lead.id },
    ),
  );

  // The event exists at Google now; the activity is best-effort (spec: activityId may be absent).
  let activityId: string | undefined;
  try {
    activityId = await runInTransaction(ctx.db, async (tx) => {
      const communication = await logLeadCommunication(
        ctx,
        lead.id,
        { type: "meeting", direction: "outbound", content: request.description ?? "" },
        { calendarEventId: event.id, startAt: event.start, endAt: event.end },
      );
      await placeMeetingActivity(tx, { organizationId, activityId: communication.id }, { startAt: new Date(event.start) });
      await tx.calendarEventLink.create({
        data: {
          organizationId,
          provider: session.provider.id,
          externalEventId: event.id,
          userId,
          leadId: lead.id,
          activityId: communication.id,
          title: event.title,
          startAt: new Date(event.start),
          endAt: new Date(event.end),
        },
      });
      return communication.id;
    });
  } catch (error) {
    logger.warn("calendar.activity_not_recorded", { eventId: event.id, leadId: lead.id, error: String(error) });
  }
  return { event, ...(activityId ? { activityId } : {}) };
}

export interface PatchEventRequest {
  userId?: string;
  eventId: string;
  startAt: string;
  durationMinutes: number;
  title: string;
  description?: string;
}

export async function patchCalendarEvent(ctx: DomainContext, request: PatchEventRequest): Promise<CalendarEventView> {
  const organizationId = ctx.principal.organizationId;
  const member = await resolveCalendarMember(ctx, request.userId);
  const session = await openCalendarSession(ctx.db, organizationId, member.userId);
  await assertEventReachable(ctx, member, session.provider.id, request.eventId);
  const timeZone = organizationTimeZone(ctx.principal.organization.timezone);
  const { start, end } = meetingInterval(request.startAt, request.durationMinutes, timeZone);
  let event: CalendarEventView;
  try {
    event = await session.run((token) =>
      session.provider.patchEvent(token, request.eventId, {
        title: request.title,
        description: request.description,
        start,
        end,
        timeZone,
      }),
    );
  } catch (error) {
    if (error instanceof EventNotFound) throw new ApiError("NOT_FOUND", "resource.notFound", { resource: "Calendar event" });
    throw error;
  }

  // Best effort: the linked meeting follows the event's time, and its note when a description was sent.
  const link = await ctx.db.calendarEventLink.findFirst({
    where: { organizationId, provider: session.provider.id, externalEventId: event.id },
  });
  if (link) {
    await meetingFollowsEvent(ctx.db, link, { cancelled: false, event, note: request.description }).catch((error: unknown) =>
      logger.warn("calendar.activity_not_synced", { eventId: event.id, error: String(error) }),
    );
  }
  return event;
}

export async function deleteCalendarEvent(ctx: DomainContext, request: { userId?: string; eventId: string }): Promise<void> {
  const organizationId = ctx.principal.organizationId;
  const member = await resolveCalendarMember(ctx, request.userId);
  const session = await openCalendarSession(ctx.db, organizationId, member.userId);
  await assertEventReachable(ctx, member, session.provider.id, request.eventId);
  await session.run((token) => session.provider.deleteEvent(token, request.eventId));
  await runInTransaction(ctx.db, async (tx) => {
    const link = await tx.calendarEventLink.findFirst({
      where: { organizationId, provider: session.provider.id, externalEventId: request.eventId },
    });
    if (!link) return;
    if (link.activityId) await removeMeetingActivity(tx, { organizationId, activityId: link.activityId });
    await tx.calendarEventLink.deleteMany({ where: { id: link.id, organizationId } });
  });
}
