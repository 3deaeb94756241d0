import type { DomainContext } from "../../domain-context";
import { recordLeadExport } from "../access/record-lead-access";
import { leadKeysetCondition, sortKeyOf, type LeadKeyset } from "../lead-cursor";
import { visibleLeadsSql } from "../lead-visibility";
import { filtersOf, orderOf, type LeadFilters, type LeadSortField } from "../list-leads";
import { Prisma } from "../../db/generated/client";
import { csvLine } from "./csv-line";
import { LEAD_CSV_HEADERS, LEAD_CSV_SQL_COLUMNS, leadCsvRecord, type LeadCsvRow } from "./lead-csv-columns";

/** Leads read per statement: large enough that round trips do not dominate, small enough that a page is under a megabyte. */
export const EXPORT_PAGE_SIZE = 2_500;

export interface ExportLeadsRequest extends LeadFilters {
  sortBy: LeadSortField;
  sortOrder: "asc" | "desc";
}

/**
 * Cells a spreadsheet would run as a formula (`=`, `+`, `-`, `@`, tab, carriage
 * return first) are prefixed with `'` (OWASP "CSV injection"); numbers are
 * written as numbers (csv-line.ts).
 */
function csvOf(rows: readonly LeadCsvRow[], locale: Parameters<typeof leadCsvRecord>[1]): string {
  let text = "";
  for (const row of rows) text += csvLine(leadCsvRecord(row, locale));
  return text;
}

/**
 * The leads the caller sees that match the filters, as CSV text in pieces:
 * the header, then one piece per page of `EXPORT_PAGE_SIZE` leads read from a
 * keyset cursor in the list's order (never all rows at once, and a lead
 * created meanwhile cannot shift a page), the next page read while the
 * current one is written. When the reader stops (the download
 * finished or was abandoned), the leads handed out so far are recorded in the
 * lead access audit, in their own statement; only their ids are kept until
 * then.
 */
export async function* exportLeads(ctx: DomainContext, request: ExportLeadsRequest): AsyncGenerator<string> {
  const { sortBy, sortOrder } = request;
  const where = Prisma.sql`${visibleLeadsSql(ctx.principal)} AND ${filtersOf(request, ctx.principal)}`;
  const locale = ctx.principal.organization.locale;
  const handedOut: string[] = [];
  const readPage = (keyset: LeadKeyset | null) => {
    const pageWhere: Prisma.Sql = keyset ? Prisma.sql`${where} AND ${leadKeysetCondition(keyset)}` : where;
    return ctx.db.$queryRaw<(LeadCsvRow & { sortKey: string | null })[]>`
      SELECT ${sortKeyOf(sortBy)} AS "sortKey", ${LEAD_CSV_SQL_COLUMNS}
      FROM "Lead" l
      LEFT JOIN "PipelineStage" s ON s."id" = l."stageId"
      LEFT JOIN "Project" p ON p."id" = l."projectId"
      LEFT JOIN "User" u ON u."id" = l."assignedToId"
      WHERE ${pageWhere}
      ORDER BY ${orderOf(sortBy, sortOrder)}
      LIMIT ${EXPORT_PAGE_SIZE}`;
  };
  let pending: ReturnType<typeof readPage> | null = null;
  try {
    yield csvLine(LEAD_CSV_HEADERS);
    pending = readPage(null);
    while (pending) {
      const rows = await pending;
      pending = null;
      if (rows.length === 0) break;
      const last = rows.at(-1)!;
      // The next page is read while this one is written and sent: at most two pages are ever held.
      if (rows.length === EXPORT_PAGE_SIZE) pending = readPage({ sortBy, sortOrder, value: last.sortKey, id: last.id });
      const text = csvOf(rows, locale);
      for (const row of rows) handedOut.push(row.id);
      yield text;
    }
  } finally {
    // A read still running when the client went away is awaited (and its rows dropped) so no query outlives the export.
    await pending?.catch(() => undefined);
    await recordLeadExport(ctx.db, ctx.principal, handedOut);
  }
}
