import { Prisma } from "../../db/generated/client";
import type { Locale } from "../../i18n/messages";
import { stageDisplayName } from "../../pipeline/stage-name";
import type { CsvCell } from "./csv-line";

/** One row of the export's statement: each column under its header's name (and `stageKey`, `sortKey`). */
export type LeadCsvRow = Record<string, unknown> & { id: string };

interface LeadCsvColumn {
  header: string;
  /** The column's value, read from the lead `l`, its stage `s`, project `p` and assignee `u`. */
  sql: string;
  /** The cell from the row; by default the value as read. */
  cell?: (row: LeadCsvRow, locale: Locale) => CsvCell;
}

/** ISO 8601 in UTC with milliseconds, as `Date.toISOString` writes it (the columns are `timestamptz(3)`). */
const iso = (column: string) => `to_char(${column} AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;

/** A JSON object column as JSON text, as the API shows it (anything but an object is no value). */
function jsonObject(header: string): (row: LeadCsvRow) => CsvCell {
  return (row) => {
    const value = row[header];
    return value !== null && typeof value === "object" && !Array.isArray(value) ? JSON.stringify(value) : null;
  };
}

/**
 * The columns of a lead CSV export, in order: the lead's own fields as the
 * API names them, the names the dashboard shows beside the ids (stage,
 * project, assignee), and the objects (custom fields, source metadata, interest, offers
 * consent) as JSON text. One list, so the header, the statement and every
 * row agree and the documentation names the same set.
 *
 * Each value is read in the form the cell writes (times already ISO text,
 * the amount a double), straight into its cell: an export is 100,000 rows,
 * and building each lead's API representation first (dates, decimals, nested
 * objects) was most of its time and garbage.
 */
const LEAD_CSV_COLUMNS: readonly LeadCsvColumn[] = [
  { header: "id", sql: `l."id"` },
  { header: "firstName", sql: `l."firstName"` },
  { header: "lastName", sql: `l."lastName"` },
  { header: "email", sql: `l."email"` },
  { header: "phone", sql: `l."phone"` },
  { header: "company", sql: `l."company"` },
  { header: "jobTitle", sql: `l."jobTitle"` },
  { header: "status", sql: `l."status"::text` },
  { header: "source", sql: `l."source"::text` },
  { header: "externalId", sql: `l."externalId"` },
  { header: "stageId", sql: `l."stageId"::text` },
  {
    header: "stageName",
    sql: `s."name"`,
    // A default stage has no stored name: the organization's language names it.
    cell: (row, locale) => (row.stageId === null ? null : stageDisplayName({ name: row.stageName as string | null, systemKey: row.stageKey as string | null }, locale)),
  },
  // Decimal(14,2): 14 significant digits fit a double exactly, and a number is what the API shows.
  { header: "estimatedValue", sql: `l."estimatedValue"::float8` },
  { header: "score", sql: `l."score"` },
  { header: "temperature", sql: `l."temperature"::text` },
  { header: "city", sql: `l."city"` },
  { header: "state", sql: `l."state"` },
  { header: "country", sql: `l."country"` },
  { header: "projectId", sql: `l."projectId"::text` },
  { header: "projectName", sql: `p."name"` },
  { header: "unitId", sql: `l."unitId"::text` },
  { header: "assignedToId", sql: `l."assignedToId"::text` },
  { header: "assignedToName", sql: `u."name"` },
  { header: "assignedToEmail", sql: `u."email"` },
  { header: "doNotCall", sql: `l."doNotCall"` },
  { header: "interest", sql: `l."interest"`, cell: jsonObject("interest") },
  { header: "offersConsent", sql: `l."offersConsent"`, cell: jsonObject("offersConsent") },
  { header: "notes", sql: `l."notes"` },
  { header: "customFields", sql: `l."customFields"`, cell: jsonObject("customFields") },
  { header: "sourceMetadata", sql: `l."sourceMetadata"`, cell: jsonObject("sourceMetadata") },
  { header: "createdAt", sql: iso(`l."createdAt"`) },
  { header: "updatedAt", sql: iso(`l."updatedAt"`) },
  { header: "lastActivityAt", sql: iso(`l."lastActivityAt"`) },
];

export const LEAD_CSV_HEADERS = LEAD_CSV_COLUMNS.map((column) => column.header);

/** The export statement's select list: every column under its header, and the stage's key (for a default stage's name). */
export const LEAD_CSV_SQL_COLUMNS = Prisma.raw(
  [...LEAD_CSV_COLUMNS.map((column) => `${column.sql} AS "${column.header}"`), `s."systemKey" AS "stageKey"`].join(", "),
);

const cells = LEAD_CSV_COLUMNS.map((column) => column.cell ?? ((row: LeadCsvRow) => row[column.header] as CsvCell));

export function leadCsvRecord(row: LeadCsvRow, locale: Locale): CsvCell[] {
  const record = new Array<CsvCell>(cells.length);
  for (let i = 0; i < cells.length; i++) record[i] = cells[i]!(row, locale);
  return record;
}
