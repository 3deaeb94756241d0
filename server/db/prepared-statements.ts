import { createHash } from "node:crypto";

/**
 * Statements kept prepared on each pooled connection. PostgreSQL parses,
 * analyses and plans an unnamed statement afresh every time; a named one is
 * parsed once per connection and, after a few executions, may run on a
 * cached generic plan. That is worth it only for a statement that runs on
 * every request of a hot path and whose planning costs as much as its
 * execution — the duplicate check at create plans in about 0.9 ms and runs
 * in about 0.8 ms — so statements are named one by one, never all of them:
 * a cached generic plan is a poor fit for a query whose best plan depends on
 * its parameters, and every name holds memory on every connection.
 *
 * The name is a digest of the text, so the same text always gets the same
 * name, and `pg` refuses a name reused for another text rather than running
 * the wrong statement.
 */
const names = new Map<string, string>();

/** Marks `sql` as prepared on each connection; answers `sql` for use as a constant. */
export function prepared(sql: string): string {
  names.set(sql, `inmo_${createHash("sha256").update(sql).digest("hex").slice(0, 16)}`);
  return sql;
}

/** The name `pg` prepares `sql` under, or undefined for an unnamed statement. */
export function preparedStatementName(query: { sql: string }): string {
  // The adapter's type says string, yet it passes the answer straight to `pg` as the query's `name`, where undefined means unnamed.
  return names.get(query.sql) as string;
}
