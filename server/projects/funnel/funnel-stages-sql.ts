import { Prisma } from "../../db/generated/client";
import type { FunnelStage } from "./funnel-stage-names";

export { FUNNEL_STAGES, type FunnelStage } from "./funnel-stage-names";

/** Whose funnel, and the period's bounds as SQL instants (`since` from the home page's periods). */
export interface FunnelWindow {
  organizationId: string;
  projectId: string;
  since: Prisma.Sql;
  now: Date;
}

/**
 * The timeline type of a sheet view, looked up by name: `unit_sheet_viewed`
 * is the entry the unit and project sheets write ({ projectId, unitId }).
 * Comparing with the enum value found in `enum_range` keeps the
 * ("organizationId", "type", "createdAt") index usable, and finds nothing
 * (rather than failing) on a database whose enum does not have it yet.
 */
const SHEET_VIEWED = Prisma.sql`(SELECT v FROM unnest(enum_range(NULL::"LeadActivityType")) v WHERE v::text = 'unit_sheet_viewed')`;

/**
 * Every (stage, lead) pair of a project's funnel in a period, as one SELECT of
 * `"stage"` and `"leadId"` (each lead at most once per stage; no visibility:
 * callers join the lead with theirs). Each stage is what happened in the period:
 * - `sheets_opened`: the lead opened a sheet of the project or one of its units
 *   (a `unit_sheet_viewed` timeline entry whose data names the project);
 * - `visits`: a meeting on the lead's timeline (scheduled through the calendar or
 *   logged), not cancelled, whose start falls in the period, of a lead that is
 *   the project's (linked to it, interested in it, holding or having viewed one
 *   of its units);
 * - `reservations`: the lead reserved or bought one of the project's units (the
 *   unit holding entries the catalog writes), so every sale counts as reserved;
 * - `sales`: the lead bought one;
 * - `interested`: the leads created in the period that are linked to the project
 *   or name it in their interest, and every lead of a later stage.
 */
export function funnelStagesSql(window: FunnelWindow): Prisma.Sql {
  const { organizationId: org, projectId, since, now } = window;
  const inPeriod = (column: Prisma.Sql) => Prisma.sql`${column} >= ${since} AND ${column} <= ${now}::timestamptz`;
  return Prisma.sql`
    WITH "units" AS (
      SELECT u."id" FROM "Unit" u WHERE u."organizationId" = ${org}::uuid AND u."projectId" = ${projectId}),
    "linked" AS (
      SELECT l."id" AS "leadId", l."createdAt" FROM "Lead" l WHERE l."organizationId" = ${org}::uuid AND l."projectId" = ${projectId}
      UNION
      -- Each interested lead's row read by its key (a hash join would walk every lead of the organization).
      SELECT i."leadId", (SELECT l."createdAt" FROM "Lead" l WHERE l."id" = i."leadId") FROM "LeadInterest" i
      WHERE i."organizationId" = ${org}::uuid AND i."projectIds" @> ARRAY[${projectId}]::text[]
      UNION
      SELECT l."id", l."createdAt" FROM "Unit" u JOIN "Lead" l ON l."id" = u."leadId"
      WHERE u."organizationId" = ${org}::uuid AND u."projectId" = ${projectId}),
    "viewed" AS (
      SELECT DISTINCT a."leadId" FROM "LeadActivity" a
      WHERE a."organizationId" = ${org}::uuid AND a."type" = ${SHEET_VIEWED} AND ${inPeriod(Prisma.sql`a."createdAt"`)}
        AND COALESCE(a."message" ->> 'projectId', a."changes" ->> 'projectId') = ${projectId}),
    "held" AS (
      SELECT a."leadId", bool_or(a."changes" -> 'unitStatus' ->> 'to' = 'sold') AS "sold" FROM "LeadActivity" a
      WHERE a."organizationId" = ${org}::uuid AND a."type" = 'updated' AND ${inPeriod(Prisma.sql`a."createdAt"`)}
        AND a."changes" -> 'unitStatus' ->> 'to' IN ('reserved', 'sold')
        AND a."changes" -> 'heldUnitId' ->> 'to' IN (SELECT "id" FROM "units")
      GROUP BY a."leadId"),
    "visited" AS (
      SELECT DISTINCT a."leadId" FROM "LeadActivity" a
      WHERE a."organizationId" = ${org}::uuid AND a."type" = 'meeting' AND ${inPeriod(Prisma.sql`a."createdAt"`)}
        AND (a."changes" -> 'meeting' ->> 'to') IS DISTINCT FROM 'cancelled'
        AND (a."leadId" IN (SELECT "leadId" FROM "linked") OR a."leadId" IN (SELECT "leadId" FROM "viewed")
          OR a."leadId" IN (SELECT "leadId" FROM "held")))
    SELECT 'sheets_opened' AS "stage", "leadId" FROM "viewed"
    UNION ALL SELECT 'visits', "leadId" FROM "visited"
    UNION ALL SELECT 'reservations', "leadId" FROM "held"
    UNION ALL SELECT 'sales', "leadId" FROM "held" WHERE "sold"
    UNION ALL SELECT 'interested', "leadId" FROM (
      SELECT "leadId" FROM "linked" WHERE ${inPeriod(Prisma.sql`"createdAt"`)}
      UNION SELECT "leadId" FROM "viewed" UNION SELECT "leadId" FROM "visited" UNION SELECT "leadId" FROM "held") i`;
}

/** SQL that holds when the lead `l` is at `stage` of the window's funnel: what the lead list's funnel filter applies. */
export function atFunnelStageSql(window: FunnelWindow, stage: FunnelStage): Prisma.Sql {
  return Prisma.sql`l."id" IN (SELECT f."leadId" FROM (${funnelStagesSql(window)}) f WHERE f."stage" = ${stage})`;
}
