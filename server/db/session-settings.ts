/**
 * Settings every connection of the app's pool starts with, sent as the
 * connection's startup options so no statement has to set them.
 *
 * - `pg_trgm.word_similarity_threshold` 0.4: fuzzy lead search's rule
 *   (server/leads/search-leads.ts). A swapped pair of letters ("Jonahtan") or
 *   a missing accent ("Fernandez") scores 0.4 to 0.5 under pg_trgm's default
 *   of 0.6. Only the `<%` / `%>` operators read it, and only search uses them.
 *   Set per connection rather than per search (a transaction around a
 *   `set_config` and the search: four round trips instead of one).
 */
export const WORD_SIMILARITY_THRESHOLD = 0.4;

/** The libpq `options` string that starts a session with the settings above. */
export const SESSION_OPTIONS = `-c pg_trgm.word_similarity_threshold=${WORD_SIMILARITY_THRESHOLD}`;

/**
 * The pool's connection string and startup options: ours after any the
 * operator put in `DATABASE_URL` (`?options=-c statement_timeout=5000`). `pg`
 * lets the URL's `options` replace the pool's, which would silently start
 * sessions without ours (fuzzy search falling back to the stricter default),
 * so the URL's are moved into the one options string, ours last.
 */
export function connectionWithSessionOptions(databaseUrl: string): { connectionString: string; options: string } {
  if (!/[?&]options=/.test(databaseUrl)) return { connectionString: databaseUrl, options: SESSION_OPTIONS };
  const url = new URL(databaseUrl);
  const operators = url.searchParams.get("options") ?? "";
  url.searchParams.delete("options");
  return { connectionString: url.toString(), options: `${operators} ${SESSION_OPTIONS}`.trim() };
}
