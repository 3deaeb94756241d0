import { createHash } from "node:crypto";
import { Prisma } from "./generated/client";

/**
 * Named prepared statements for the hottest reads, opted into one statement
 * at a time. PostgreSQL then parses such a statement once per connection and,
 * after five runs, keeps one generic plan instead of planning every request:
 * measured on the first page of GET /leads (100,000 leads), its database CPU
 * went from 1.9 to 1.2 ms a request and the app's from 4.2 to 3.7 ms; the
 * duplicate check every created lead runs (server/leads/duplicates/
 * check-at-create.ts) planned in about 0.9 ms and ran in about 0.8 ms.
 *
 * Only for statements whose text comes from a small fixed set (each distinct
 * text is kept by every connection for its life) and whose best plan does not
 * depend on the values (a generic plan serves every call): lookups by a
 * unique key, lists read off an index. Not for text search, whose plan
 * depends on how common the searched words are. Everything else stays an
 * unnamed statement, planned for its values.
 *
 * A named statement needs its session: a pooler in transaction mode in front
 * of PostgreSQL must keep prepared statements (PgBouncer ≥ 1.21,
 * `max_prepared_statements`).
 */
const MARK = "/* prepared */";

/** `sql`, run as a named prepared statement (see above for when that is right). */
export function preparedStatement(sql: Prisma.Sql): Prisma.Sql {
  return Prisma.sql`${sql}\n${Prisma.raw(MARK)}`;
}

/** The same for a statement kept as text and run with `$queryRawUnsafe`. */
export function preparedText(sql: string): string {
  return `${sql}\n${MARK}`;
}

/** Names by text, so a hot read hashes its text once per process, not per call (the texts are a small fixed set). */
const names = new Map<string, string>();

/** The driver adapter's statement name for `query`: named by its text when marked, otherwise "" (unnamed). */
export function statementNameOf(query: { sql: string }): string {
  if (!query.sql.endsWith(MARK)) return "";
  let name = names.get(query.sql);
  if (name === undefined) {
    name = `inmo_${createHash("sha1").update(query.sql).digest("hex")}`;
    names.set(query.sql, name);
  }
  return name;
}
