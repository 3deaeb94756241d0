import { z } from "zod";
import type { ProcedureMeta } from "../../trpc";
import { cursorSchema, nextCursorSchema } from "../../schemas/cursor";
import { limitSchema, offsetSchema, paginationOutput, sortOrderSchema } from "../../schemas/pagination";
import { parsedSynchronously } from "../../schemas/synchronous-parse";
import { FIRST_TOUCH_FILTERS, LEAD_SORT_FIELDS } from "../../../leads/list-leads";
import { LEAD_LIMITS } from "../../../leads/lead-limits";
import { leadSchema, leadSourceSchema, leadStatusSchema } from "./lead.types";
import { HOME_PERIODS } from "../../../home/home-period-names";
import { FUNNEL_STAGES } from "../../../projects/funnel/funnel-stage-names";

export const listLeadsMeta: ProcedureMeta = {
  scope: "leads:read",
  openapi: {
    method: "GET",
    path: "/leads",
    tags: ["Leads"],
    summary: "List leads",
    description:
      "Paginated: `limit` 1..100 (default 20), `offset` (default 0), `sortOrder` `asc` or `desc` (default `desc`). " +
      "`sortBy` one of createdAt (default), updatedAt, firstName, email, company, status, source, estimatedValue; ties are broken " +
      "by id in the same direction, and empty values sort last. `query` is a case-insensitive substring match: every " +
      "word must appear in the first name, last name, email or company; a phone-shaped query (digits with `+ ( ) - . /` " +
      "and spaces) also matches the digits of stored phones. Beyond the contract's filters, `stageId` (a pipeline stage " +
      "id) and `assignedToId` (a member's user id, or `none` for unassigned leads) narrow the list; all filters combine with AND. " +
      "For polling triggers (automation platforms without webhooks), `updatedSince` (an ISO 8601 time) keeps the leads " +
      "created or changed at or after it: poll with `updatedSince=<the newest updatedAt you have seen>&sortBy=updatedAt&sortOrder=asc` " +
      "and page through; a lead changed again appears again with its new `updatedAt`, so deduplicate by `id` and `updatedAt`. " +
      "Deleted leads do not appear: subscribe to `lead.deleted` for those. " +
      "Cursor pages (an extension beside `offset`): every page answers `pagination.nextCursor`; pass it as `cursor` (with the " +
      "same filters) for the page right after that page's last lead, which leads created, changed or deleted meanwhile cannot " +
      "shift or repeat as they shift an offset. A cursor keeps the order of the page it came from (`sortBy` and `sortOrder` are " +
      "then ignored) and cannot be combined with `offset`; on cursor pages `offset` answers 0 and `total` counts every lead the " +
      "filters match. In descending order `nextCursor` is null on the last page; ascending, it is always given, so polling " +
      "`updatedSince=…&sortBy=updatedAt&sortOrder=asc` can keep the last cursor and ask again later for what changed since. " +
      "Extension: `funnelProjectId` with `funnelStage` (and `funnelPeriod`, default `7d`) lists the leads behind one number of " +
      "`GET /projects/{projectId}/funnel`, counted the same way; one without the other is a 400 VALIDATION_ERROR, and an unknown " +
      "project lists nothing.",
  },
};

export const listLeadsInput = z.object({
  limit: limitSchema(),
  offset: offsetSchema,
  sortOrder: sortOrderSchema,
  sortBy: z.enum(LEAD_SORT_FIELDS).default("createdAt").describe(`Sort field: ${LEAD_SORT_FIELDS.join(", ")}`),
  query: z
    .string()
    .max(LEAD_LIMITS.listQuery)
    .optional()
    .describe(`Text to look for (at most ${LEAD_LIMITS.listQuery} characters)`),
  status: leadStatusSchema.optional(),
  source: leadSourceSchema.optional(),
  stageId: z.uuid().optional().describe("Only leads in this pipeline stage"),
  assignedToId: z
    .union([z.uuid(), z.literal("none")])
    .optional()
    .describe("Only leads assigned to this member (user id), or `none` for unassigned leads"),
  roundRobinId: z.uuid().optional().describe("Extension: only the leads this round-robin pool assigned"),
  projectId: z.string().max(64).optional().describe("Extension: only the leads linked to this project"),
  updatedSince: z.iso
    .datetime({ offset: true })
    .optional()
    .describe("Only leads created or changed at or after this time (ISO 8601, e.g. `2026-11-25T09:30:00Z`)"),
  firstTouch: z
    .enum(FIRST_TOUCH_FILTERS)
    .optional()
    .describe(
      "Extension: `waiting` keeps the leads waiting for their owner's first touch (a deadline runs, status `new`, no outbound " +
        "contact yet), `breached` those of them whose deadline was missed",
    ),
  funnelProjectId: z.string().max(64).optional().describe("Extension: with `funnelStage`, a project id whose funnel to list (see `GET /projects/{projectId}/funnel`)"),
  funnelStage: z
    .enum(FUNNEL_STAGES)
    .optional()
    .describe(`Extension: with \`funnelProjectId\`, only the leads at this stage of the project's funnel in \`funnelPeriod\`: ${FUNNEL_STAGES.join(", ")}`),
  funnelPeriod: z.enum(HOME_PERIODS).default("7d").describe(`Extension: the funnel's period: ${HOME_PERIODS.join(", ")} (default 7d)`),
  claim: z
    .enum(["mine"])
    .optional()
    .describe(
      "Extension: `mine` keeps the leads the caller may claim (POST /leads/{leadId}/claim): unassigned, in a round-robin pool " +
        "they take part in and are not paused in (first-to-claim offers and the pond). None for an API key",
    ),
  cursor: cursorSchema,
});

export const listLeadsOutput = parsedSynchronously(
  z.object({
    data: z.array(leadSchema),
    pagination: paginationOutput.extend({ nextCursor: nextCursorSchema }),
  }),
);
