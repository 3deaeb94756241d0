import { Prisma } from "../db/generated/client";
import type { DomainContext } from "../domain-context";
import type { ListResult } from "../list-result";
import { leadCursorOf, leadKeysetCondition, readLeadCursor, sortKeyOf, type LeadKeyset } from "./lead-cursor";
import type { LeadSource, LeadStatus } from "./lead-enums";
import { countedFilterOf, leadTotalSql, type LeadFilterSet } from "./lead-counts";
import { preparedStatement } from "../db/prepared-statements";
import { toLeadRepresentation, type LeadRepresentation } from "./lead-representation";
import { LEAD_ROW_COLUMNS, toLeadRow, type JoinedLeadRow } from "./lead-row-sql";
import { leadQueryCondition } from "./lead-text-match";
import { visibleLeadsSql } from "./lead-visibility";
import type { Principal } from "../auth/principal";
import { homeTimeZone, periodStartSql, type HomePeriod } from "../home/home-period";
import { atFunnelStageSql, type FunnelStage } from "../projects/funnel/funnel-stages-sql";

export const LEAD_SORT_FIELDS = ["createdAt", "updatedAt", "firstName", "email", "company", "status", "source", "estimatedValue"] as const;
export type LeadSortField = (typeof LEAD_SORT_FIELDS)[number];

/** What narrows a lead list (GET /leads and its CSV export alike). */
export interface LeadFilters {
  query?: string;
  status?: LeadStatus;
  source?: LeadSource;
  stageId?: string;
  /** A user id, or "none" for unassigned leads. */
  assignedToId?: string;
  /** Only the leads a round-robin pool assigned (the speed-to-lead report's rows per pool link here). */
  roundRobinId?: string;
  /** Only the leads linked to this project. */
  projectId?: string;
  /** ISO 8601: leads whose updatedAt (set on creation and on every change) is at or after it. */
  updatedSince?: string;
  /** `waiting`: a first-touch deadline runs (owner assigned, not yet touched; breached or not); `breached`: its deadline was missed. */
  firstTouch?: FirstTouchFilter;
  /** A user id: only the leads they may claim — unassigned, in a pool they take part in (not paused). */
  claimableBy?: string;
  /** The leads behind one number of a project's funnel (server/projects/funnel): its project, stage and period. */
  projectFunnel?: ProjectFunnelFilter;
}

/**
 * Every list filter is one the total's rule knows (`countedFilterOf` answers
 * from a maintained count only when no other filter narrows the list): a
 * filter added here and not there fails the type check instead of answering
 * the organization's total.
 */
export const LIST_FILTERS_KNOWN_TO_THE_TOTAL: [Exclude<keyof LeadFilters, keyof LeadFilterSet>] extends [never] ? true : never = true;

export interface ProjectFunnelFilter {
  projectId: string;
  stage: FunnelStage;
  period: HomePeriod;
  /** The moment the period ends (tests pin it); now by default. */
  now?: Date;
}

export interface ListLeadsRequest extends LeadFilters {
  limit: number;
  offset: number;
  sortBy: LeadSortField;
  sortOrder: "asc" | "desc";
  /** A `nextCursor` of an earlier page: the page starts right after its last lead, in its order. */
  cursor?: string;
}

export const FIRST_TOUCH_FILTERS = ["waiting", "breached"] as const;
export type FirstTouchFilter = (typeof FIRST_TOUCH_FILTERS)[number];

export interface LeadPage extends ListResult<LeadRepresentation> {
  /** Where the next page starts (null when there is none; ascending pages always give one, to poll from). */
  nextCursor: string | null;
  /** Set on cursor pages: whether leads remain after this page. */
  hasMore?: boolean;
}

const NULLABLE_SORT: ReadonlySet<LeadSortField> = new Set(["firstName", "email", "company", "estimatedValue"]);

/**
 * The sort, then the id in the same direction as a tie-break, so pages are
 * stable and the default order (createdAt, id) reads straight off the
 * (organizationId, createdAt DESC, id DESC) index in either direction. Empty
 * values of optional fields sort last whichever the direction. The column
 * name comes from the closed list above, never from the request's text.
 */
export function orderOf(sortBy: LeadSortField, sortOrder: "asc" | "desc"): Prisma.Sql {
  const direction = Prisma.raw(sortOrder === "asc" ? "ASC" : "DESC");
  const nulls = Prisma.raw(NULLABLE_SORT.has(sortBy) ? " NULLS LAST" : "");
  return Prisma.sql`l.${Prisma.raw(`"${sortBy}"`)} ${direction}${nulls}, l."id" ${direction}`;
}

/** The request's filters over the lead `l` (TRUE for none); the caller's visibility is added apart. */
export function filtersOf(request: LeadFilters, principal: Principal): Prisma.Sql {
  const conditions = [Prisma.sql`TRUE`];
  if (request.status) conditions.push(Prisma.sql`l."status" = ${request.status}::"LeadStatus"`);
  if (request.source) conditions.push(Prisma.sql`l."source" = ${request.source}::"LeadSource"`);
  if (request.stageId) conditions.push(Prisma.sql`l."stageId" = ${request.stageId}::uuid`);
  if (request.assignedToId === "none") conditions.push(Prisma.sql`l."assignedToId" IS NULL`);
  else if (request.assignedToId) conditions.push(Prisma.sql`l."assignedToId" = ${request.assignedToId}::uuid`);
  if (request.roundRobinId) conditions.push(Prisma.sql`l."roundRobinId" = ${request.roundRobinId}::uuid`);
  if (request.projectId) conditions.push(Prisma.sql`l."projectId" = ${request.projectId}`);
  if (request.updatedSince) conditions.push(Prisma.sql`l."updatedAt" >= ${new Date(request.updatedSince)}::timestamptz`);
  if (request.firstTouch) {
    conditions.push(Prisma.sql`l."firstTouchDueAt" IS NOT NULL AND l."firstTouchAt" IS NULL AND l."status" = 'new'`);
    if (request.firstTouch === "breached") conditions.push(Prisma.sql`l."firstTouchBreachedAt" IS NOT NULL`);
  }
  if (request.projectFunnel) {
    const { projectId, stage, period, now = new Date() } = request.projectFunnel;
    const since = periodStartSql(period, homeTimeZone(principal.organization.timezone), now);
    conditions.push(atFunnelStageSql({ organizationId: principal.organizationId, projectId, since, now }, stage));
  }
  if (request.claimableBy) {
    conditions.push(Prisma.sql`l."assignedToId" IS NULL AND l."roundRobinId" IN (
      SELECT p."roundRobinId" FROM "RoundRobinParticipant" p WHERE p."userId" = ${request.claimableBy}::uuid AND p."isActive")`);
  }
  const text = request.query === undefined ? undefined : leadQueryCondition(request.query);
  if (text) conditions.push(text);
  return Prisma.join(conditions, " AND ");
}

/**
 * One page of leads and the exact total in one statement, one round trip:
 * - the page's ids first, in order, from the narrowest plan (for the default
 *   order an index-only walk of (organizationId, createdAt, id) that skips
 *   `offset` entries without reading a row), then only those rows read whole
 *   with their stage, project and assignee names;
 * - only the leads the caller sees (the organization, and a member's own
 *   under `own` visibility), in the page and in the total alike;
 * - the total from the maintained counts where they answer it (see
 *   `leadTotalSql`), otherwise a count;
 * - the total is the left side of the join, so a page past the end still
 *   answers its total.
 */
export async function listLeads(ctx: DomainContext, request: ListLeadsRequest): Promise<LeadPage> {
  const keyset: LeadKeyset | null = request.cursor === undefined ? null : readLeadCursor(request.cursor, request.offset);
  const sortBy = keyset?.sortBy ?? request.sortBy;
  const sortOrder = keyset?.sortOrder ?? request.sortOrder;
  const filters = filtersOf(request, ctx.principal);
  const where = Prisma.sql`${visibleLeadsSql(ctx.principal)} AND ${filters}`;
  const pageWhere = keyset ? Prisma.sql`${where} AND ${leadKeysetCondition(keyset)}` : where;
  const total = leadTotalSql(ctx.principal, request, filters);
  const statement = Prisma.sql`
    SELECT t."total", page."position", ${sortKeyOf(sortBy)} AS "sortKey", ${LEAD_ROW_COLUMNS}
    FROM (${total}) t
    LEFT JOIN (
      (SELECT ids."id", row_number() OVER () AS "position"
       FROM (SELECT l."id" FROM "Lead" l WHERE ${pageWhere} ORDER BY ${orderOf(sortBy, sortOrder)}
             LIMIT ${request.limit + 1} OFFSET ${keyset ? 0 : request.offset}) ids) page
      JOIN "Lead" l ON l."id" = page."id"
      LEFT JOIN "PipelineStage" s ON s."id" = l."stageId"
      LEFT JOIN "Project" p ON p."id" = l."projectId"
      LEFT JOIN "User" u ON u."id" = l."assignedToId"
    ) ON true
    ORDER BY page."position"`;
  // The lists whose total is a maintained count (no text, time, pool, project or funnel filter) are the common,
  // fixed-shape ones: their plan (an index walk) does not depend on the values, so it is prepared once per connection.
  const rows = await ctx.db.$queryRaw<(JoinedLeadRow & { total: bigint; position: bigint | null; sortKey: string | null })[]>(
    countedFilterOf(request) ? preparedStatement(statement) : statement,
  );
  const found = rows.filter((row) => row.position !== null);
  const more = found.length > request.limit;
  const page = found.slice(0, request.limit);
  const last = page.at(-1);
  const matching = Number(rows[0]?.total ?? 0);
  const moreAfter = keyset ? more : request.offset + page.length < matching;
  const nextCursor = last && (moreAfter || sortOrder === "asc") ? leadCursorOf({ sortBy, sortOrder, value: last.sortKey, id: last.id }) : null;
  return {
    rows: page.map((row) => toLeadRepresentation(toLeadRow(row), ctx.principal.organization.locale)),
    total: matching,
    nextCursor: nextCursor ?? (keyset && sortOrder === "asc" ? request.cursor! : null),
    ...(keyset ? { hasMore: more } : {}),
  };
}
