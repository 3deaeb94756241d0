import { z } from "zod";
import { MANAGERS } from "../../../auth/roles";
import { eventEnvelopeSchema } from "../../../events/event-envelope";
import { eventTypeSchema } from "../../../events/event-types";
import { cursorSchema, nextCursorSchema } from "../../schemas/cursor";
import { limitSchema, offsetSchema, paginationOutput, sortOrderSchema } from "../../schemas/pagination";
import type { ProcedureMeta } from "../../trpc";

export const listJournalEventsMeta = {
  scope: "events:read",
  roles: MANAGERS,
  openapi: {
    method: "GET",
    path: "/events",
    tags: ["Events"],
    summary: "List the event journal",
    description:
      "Every event of the organization from the last 30 days, whether or not a webhook subscription wanted it, each exactly " +
      "the body its webhooks carry (the same `evt_…` id). Use it to catch up after downtime, or instead of webhooks. Newest " +
      "first by default; `sortOrder=asc` reads forward. Filters: `type` (one or more event types, repeated) and `since` " +
      "(ISO 8601; events created at or after it). Pages: `limit` and `offset` as everywhere, or `cursor` (from " +
      "`pagination.nextCursor`), which neither repeats nor skips an event whatever is written meanwhile. Order is the order " +
      "the changes were committed in, the events of one change in the order they were emitted; an event is listed once the " +
      "transactions that began before it have ended (normally milliseconds). In ascending order `nextCursor` is given even on " +
      "the last page: keep it and call again later to get only newer events. A cursor keeps its direction.",
  },
} satisfies ProcedureMeta;

export const listJournalEventsInput = z.object({
  limit: limitSchema(),
  offset: offsetSchema,
  sortOrder: sortOrderSchema,
  cursor: cursorSchema,
  type: z.array(eventTypeSchema).optional().describe("Only events of these types (repeat the parameter for several)"),
  since: z.iso
    .datetime({ offset: true })
    .optional()
    .describe("Only events created at or after this time (ISO 8601, e.g. `2026-11-25T09:30:00Z`)"),
});

export const listJournalEventsOutput = z.object({
  data: z.array(eventEnvelopeSchema).describe("Event bodies, exactly as webhooks deliver them"),
  pagination: paginationOutput.extend({ nextCursor: nextCursorSchema }),
});
