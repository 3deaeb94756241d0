import { Prisma } from "../db/generated/client";
import { ApiError } from "../errors/api-error";
import { cursorList, decodeCursor, encodeCursor } from "../list-cursor";
import type { LeadSortField } from "./list-leads";

/**
 * Cursor pages of `GET /leads` (keyset pagination beside the contract's
 * `offset`): a cursor holds the order of its page and the sort value and id
 * of the page's last lead, and the next page is the leads after that pair in
 * that order. Inserts and deletes elsewhere in the list do not shift it, as
 * they shift an offset. Values travel as PostgreSQL's text of the column and
 * are cast back to the column's type, so timestamps, decimals and enums
 * compare exactly as the ORDER BY orders them.
 */
export interface LeadKeyset {
  sortBy: LeadSortField;
  sortOrder: "asc" | "desc";
  /** The last lead's sort value as text; null for an empty optional field (those sort last). */
  value: string | null;
  id: string;
}

const LIST = "leads";
const NULLABLE: ReadonlySet<LeadSortField> = new Set(["firstName", "email", "company", "estimatedValue"]);
const CAST: Record<LeadSortField, string> = {
  createdAt: "timestamptz",
  updatedAt: "timestamptz",
  firstName: "text",
  email: "text",
  company: "text",
  status: '"LeadStatus"',
  source: '"LeadSource"',
  estimatedValue: "numeric",
};

const column = (sortBy: LeadSortField) => Prisma.raw(`l."${sortBy}"`);

/** The sort value of a row, as the cursor carries it. */
export function sortKeyOf(sortBy: LeadSortField): Prisma.Sql {
  return Prisma.sql`${column(sortBy)}::text`;
}

export function leadCursorOf(keyset: LeadKeyset): string {
  return encodeCursor(LIST, [keyset.sortBy, keyset.sortOrder, keyset.value, keyset.id]);
}

function invalid(): ApiError {
  return ApiError.text("VALIDATION_ERROR", "cursor: not a cursor of this list (use pagination.nextCursor as it was answered)");
}

export function readLeadCursor(cursor: string, offset: number): LeadKeyset {
  if (cursorList(cursor) !== LIST) throw invalid();
  if (offset > 0) throw ApiError.text("VALIDATION_ERROR", "offset: cannot be combined with cursor");
  const [sortBy, sortOrder, value, id] = decodeCursor(LIST, cursor, 4);
  if (typeof sortBy !== "string" || !Object.hasOwn(CAST, sortBy) || (sortOrder !== "asc" && sortOrder !== "desc")) throw invalid();
  if (typeof id !== "string" || !/^lead_[0-9a-z]{24}$/.test(id) || (value !== null && typeof value !== "string")) throw invalid();
  if (value === null && !NULLABLE.has(sortBy as LeadSortField)) throw invalid();
  return { sortBy: sortBy as LeadSortField, sortOrder, value, id };
}

/**
 * The leads after the cursor's lead in its order `(value, id)`, empty values
 * last either way: a row comparison where the column is never empty (so the
 * `(organizationId, createdAt, id)` indexes serve it), the NULLS LAST walk otherwise.
 */
export function leadKeysetCondition(keyset: LeadKeyset): Prisma.Sql {
  const c = column(keyset.sortBy);
  const op = Prisma.raw(keyset.sortOrder === "asc" ? ">" : "<");
  if (keyset.value === null) return Prisma.sql`(${c} IS NULL AND l."id" ${op} ${keyset.id})`;
  const value = Prisma.sql`${keyset.value}::${Prisma.raw(CAST[keyset.sortBy])}`;
  if (!NULLABLE.has(keyset.sortBy)) return Prisma.sql`((${c}, l."id") ${op} (${value}, ${keyset.id}::text))`;
  return Prisma.sql`(${c} ${op} ${value} OR (${c} = ${value} AND l."id" ${op} ${keyset.id}) OR ${c} IS NULL)`;
}
