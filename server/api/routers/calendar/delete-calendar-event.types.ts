import { z } from "zod";
import type { ProcedureMeta } from "../../trpc";
import { calendarEventIdSchema, calendarUserIdSchema } from "./calendar-event.types";
import { PROVIDER_FAILURES } from "./list-calendar-events.types";

export const deleteCalendarEventMeta: ProcedureMeta = {
  scope: "calendar:write",
  alsoFailsWith: PROVIDER_FAILURES,
  openapi: {
    method: "DELETE",
    path: "/calendar/events/{eventId}",
    tags: ["Calendar"],
    summary: "Cancel an event",
    description:
      "Removes the event from the member's calendar (attendees are notified) and the linked meeting activity from the " +
      "lead, if any. Deleting an event that is already gone succeeds. Errors: 400 `BAD_REQUEST`, 403 `FORBIDDEN`, 404 " +
      "`INVALID_MEMBER`.",
  },
};

export const deleteCalendarEventInput = z.object({
  eventId: calendarEventIdSchema,
  userId: calendarUserIdSchema,
});

export const deleteCalendarEventOutput = z.object({ success: z.literal(true) });
