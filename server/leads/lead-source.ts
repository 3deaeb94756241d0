import { LEAD_SOURCES, isLeadSource, type LeadSource } from "./lead-enums";

export interface ResolvedSource {
  source: LeadSource;
  /** The caller's string when it was not a catalog value (kept in `sourceMetadata.providedSource`). */
  providedSource: string | null;
}

/**
 * `source` accepts any string. A catalog value, compared case-insensitively
 * (integrations send `Website` as often as `website`), is stored as that
 * value; anything else becomes `other` with the original string kept.
 */
export function resolveSource(given: string): ResolvedSource {
  const candidate = given.trim().toLowerCase();
  if (isLeadSource(candidate)) return { source: candidate, providedSource: null };
  return { source: "other", providedSource: given.trim() };
}

export function leadSourceCatalog(): { id: LeadSource; name: LeadSource }[] {
  return LEAD_SOURCES.map((source) => ({ id: source, name: source }));
}
