import { z } from "zod";
import type { ProcedureMeta } from "../../trpc";
import { calendarEventSchema, calendarUserIdSchema, offsetDateTimeSchema } from "./calendar-event.types";

const PROVIDER_FAILURES = { 503: "Google Calendar could not be reached or failed; nothing was changed, retry after `Retry-After`" };
export { PROVIDER_FAILURES };

export const listCalendarEventsMeta: ProcedureMeta = {
  scope: "calendar:read",
  alsoFailsWith: PROVIDER_FAILURES,
  openapi: {
    method: "GET",
    path: "/calendar/events",
    tags: ["Calendar"],
    summary: "Events on a member's calendar",
    description:
      "Events on the member's connected primary calendar between `timeMin` and `timeMax` (both required, ISO 8601 " +
      "with offset), recurring events expanded into instances, ordered by start; times are shown in the " +
      "organization's zone. On a colleague's calendar (owners and admins by session or OAuth token) only the events " +
      "created through inmo are listed. Errors: 400 `BAD_REQUEST` (API key without `userId`), 400 `VALIDATION_ERROR`, 403 " +
      "`FORBIDDEN` (Google not configured, or the member's calendar not connected or needing reconnection; a member naming a colleague), 404 " +
      "`INVALID_MEMBER`.",
  },
};

export const listCalendarEventsInput = z.object({
  userId: calendarUserIdSchema,
  timeMin: offsetDateTimeSchema.describe("Start of the range, ISO 8601 with offset"),
  timeMax: offsetDateTimeSchema.describe("End of the range, ISO 8601 with offset"),
});

export const listCalendarEventsOutput = z.object({ events: z.array(calendarEventSchema) });
