import { z } from "zod";
import type { ProcedureMeta } from "../../trpc";
import {
  CALENDAR_LIMITS as L,
  calendarEventIdSchema,
  calendarEventSchema,
  calendarUserIdSchema,
  descriptionSchema,
  durationSchema,
  startAtSchema,
  titleSchema,
} from "./calendar-event.types";
import { PROVIDER_FAILURES } from "./list-calendar-events.types";

export const updateCalendarEventMeta: ProcedureMeta = {
  scope: "calendar:write",
  alsoFailsWith: PROVIDER_FAILURES,
  openapi: {
    method: "PATCH",
    path: "/calendar/events/{eventId}",
    tags: ["Calendar"],
    summary: "Reschedule or rename an event",
    description:
      `\`startAt\`, \`durationMinutes\` and \`title\` (1..${L.title}) are required; \`description\` is optional and, when sent, ` +
      "overwrites the linked meeting activity's note. Attendees are kept and notified. The linked activity's time " +
      "follows the event (best effort). Errors: 400 `BAD_REQUEST`, 400 `VALIDATION_ERROR`, 403 `FORBIDDEN`, 404 " +
      "`INVALID_MEMBER`, 404 `NOT_FOUND` (no such event on the member's calendar).",
  },
};

export const updateCalendarEventInput = z.object({
  eventId: calendarEventIdSchema,
  userId: calendarUserIdSchema,
  startAt: startAtSchema,
  durationMinutes: durationSchema,
  title: titleSchema.describe(`1..${L.title} characters`),
  description: descriptionSchema.optional(),
});

export const updateCalendarEventOutput = z.object({ event: calendarEventSchema });
