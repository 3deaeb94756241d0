import { z } from "zod";
import type { ProcedureMeta } from "../../trpc";
import {
  CALENDAR_LIMITS as L,
  calendarEventSchema,
  calendarUserIdSchema,
  descriptionSchema,
  durationSchema,
  leadIdSchema,
  startAtSchema,
  titleSchema,
} from "./calendar-event.types";
import { PROVIDER_FAILURES } from "./list-calendar-events.types";

export const createCalendarEventMeta: ProcedureMeta = {
  scope: "calendar:write",
  successStatus: 201,
  alsoFailsWith: PROVIDER_FAILURES,
  openapi: {
    method: "POST",
    path: "/calendar/events",
    tags: ["Calendar"],
    summary: "Schedule a meeting with a lead",
    description:
      "Creates an event on the member's primary calendar from `startAt` (local wall-clock time in the organization's " +
      "zone; a time skipped by a DST change moves forward, a repeated one takes the earlier instant) and " +
      `\`durationMinutes\` (${L.durationMin}..${L.durationMax}). The lead's e-mail, when it has one, is added as attendee and ` +
      "invitations go to all attendees. Logs a meeting activity (outbound) on the lead, timed at the meeting's start, " +
      "with `description` as its note, and emits `lead.communication_logged`; `activityId` is absent when that could " +
      "not be recorded. Errors: 400 `BAD_REQUEST` (API key without `userId`), 400 `VALIDATION_ERROR`, 403 " +
      "`FORBIDDEN` (Google not configured, calendar not connected or needing reconnection), 404 `INVALID_MEMBER`, 404 " +
      "`NOT_FOUND` (lead missing or in another organization).",
  },
};

export const createCalendarEventInput = z.object({
  userId: calendarUserIdSchema,
  leadId: leadIdSchema,
  startAt: startAtSchema,
  durationMinutes: durationSchema,
  title: titleSchema.optional().describe(`1..${L.title} characters; default \`Reunión con {lead name}\``),
  description: descriptionSchema.optional(),
});

export const createCalendarEventOutput = z.object({
  event: calendarEventSchema,
  activityId: z.string().optional().describe("The meeting activity on the lead; absent when it could not be recorded"),
});
