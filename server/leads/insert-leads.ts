import type { DbTx } from "../db/client";
import { preparedStatement } from "../db/prepared-statements";
import { Prisma } from "../db/generated/client";
import type { DuplicateKeys } from "./duplicates/find-duplicates";
import type { LeadRow } from "./lead-representation";
import { LEAD_ROW_COLUMNS, toLeadRow, type JoinedLeadRow } from "./lead-row-sql";
import { toLeadColumns, type LeadValues } from "./lead-values";

/** A new lead's row: its checked values and what the writer decided (id, pool, first-touch deadline, creation time). */
export interface NewLeadRow {
  id: string;
  organizationId: string;
  values: LeadValues;
  /** The organization's country, when the phone is national (server/leads/lead-values.ts `defaultCountryOf`). */
  defaultCountry: string | null;
  roundRobinId: string | null;
  firstTouchDueAt: Date | null;
  /** Null: the transaction's time, as the column's default. */
  createdAt: Date | null;
}

/** The stored lead with its names, and the keys the duplicate check compares (set by the row's triggers). */
export type InsertedLead = LeadRow & DuplicateKeys;

/**
 * The one statement that writes new `Lead` rows, for the single create and a
 * chunk of an import alike: the rows travel as one JSON array
 * (`jsonb_to_recordset`, each column with its type), are inserted in one
 * `INSERT … SELECT`, and come back with the names a lead read shows (stage,
 * project, assignee) and the duplicate keys the triggers computed, in the
 * order given. One round trip and no query compiler for any number of leads:
 * Prisma's `create({ include })` took five statements per lead and most of a
 * create's CPU. Columns not listed keep their defaults (`lastActivityAt`,
 * the search and duplicate keys' triggers, `firstTouchBreaches`).
 */
export async function insertLeads(tx: DbTx, rows: readonly NewLeadRow[]): Promise<InsertedLead[]> {
  if (rows.length === 0) return [];
  const records = rows.map((row) => ({
    ...plain(toLeadColumns(row.values, undefined, row.defaultCountry)),
    id: row.id,
    organizationId: row.organizationId,
    roundRobinId: row.roundRobinId,
    firstTouchDueAt: row.firstTouchDueAt,
    createdAt: row.createdAt,
  }));
  // Prepared (server/db/prepared-statements.ts): a create runs it every time, with fixed text and a plan that does not depend on the values.
  const stored = await tx.$queryRaw<(JoinedLeadRow & DuplicateKeys & { ord: bigint })[]>(preparedStatement(Prisma.sql`
    WITH r AS (
      SELECT r.*, row_number() OVER () AS "ord"
      FROM jsonb_to_recordset(${JSON.stringify(records)}::jsonb) AS r(
        "id" text, "organizationId" uuid, "firstName" text, "lastName" text, "email" text, "phone" text, "phoneDigits" text,
        "phoneE164" text, "company" text, "jobTitle" text, "status" "LeadStatus", "source" "LeadSource", "sourceMetadata" jsonb,
        "stageId" uuid, "estimatedValue" numeric, "score" integer, "temperature" "LeadTemperature", "notes" text, "city" text,
        "state" text, "country" text, "projectId" text, "unitId" text, "assignedToId" uuid, "customFields" jsonb,
        "doNotCall" boolean, "externalId" text, "interest" jsonb, "offersConsent" jsonb, "language" "Locale",
        "roundRobinId" uuid, "firstTouchDueAt" timestamptz, "createdAt" timestamptz)
    ), l AS (
      INSERT INTO "Lead" ("id", "organizationId", "firstName", "lastName", "email", "phone", "phoneDigits", "phoneE164", "company",
        "jobTitle", "status", "source", "sourceMetadata", "stageId", "estimatedValue", "score", "temperature", "notes", "city",
        "state", "country", "projectId", "unitId", "assignedToId", "customFields", "doNotCall", "externalId", "interest",
        "offersConsent", "language", "roundRobinId", "firstTouchDueAt", "createdAt", "updatedAt")
      SELECT "id", "organizationId", "firstName", "lastName", "email", "phone", "phoneDigits", "phoneE164", "company",
        "jobTitle", coalesce("status", 'new'), coalesce("source", 'other'), "sourceMetadata", "stageId", "estimatedValue", "score",
        "temperature", "notes", "city", "state", "country", "projectId", "unitId", "assignedToId", "customFields",
        coalesce("doNotCall", false), "externalId", "interest", "offersConsent", "language", "roundRobinId", "firstTouchDueAt",
        coalesce("createdAt", now()), now()
      FROM r ORDER BY "ord"
      RETURNING *
    )
    SELECT r."ord", ${LEAD_ROW_COLUMNS}, l."phoneE164", l."emailKey", l."nameKey"
    FROM l
    JOIN r ON r."id" = l."id"
    LEFT JOIN "PipelineStage" s ON s."id" = l."stageId"
    LEFT JOIN "Project" p ON p."id" = l."projectId"
    LEFT JOIN "User" u ON u."id" = l."assignedToId"
    ORDER BY r."ord"`));
  return stored.map(({ ord: _ord, emailKey, nameKey, ...row }) => ({ ...toLeadRow(row), emailKey, nameKey }));
}

/** Prisma's column values as JSON: no value (`DbNull`) as null, decimals as their text. */
function plain(columns: Record<string, unknown>): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(columns)) {
    out[key] = value === Prisma.DbNull || value === Prisma.JsonNull ? null : value instanceof Prisma.Decimal ? value.toFixed(2) : value;
  }
  return out;
}
