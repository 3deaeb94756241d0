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
