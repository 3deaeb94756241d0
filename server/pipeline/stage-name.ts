import { dictionaryFor } from "../../lib/i18n/dictionaries";
import type { Locale } from "../i18n/messages";
import { LEAD_STATUSES, type LeadStatus } from "../leads/lead-enums";

/** What names a stage: the name an organization gave it, or none (a default stage, named by its `systemKey`). */
export interface StageNaming {
  name: string | null;
  systemKey: string | null;
}

/**
 * A stage's name in the reader's language: a name the organization gave it
 * as is; a default stage's (stored without a name) is its status in that
 * language, so "Won" reads "Ganado" the moment the organization switches to
 * Spanish.
 */
export function stageDisplayName(stage: StageNaming, locale: Locale): string {
  if (stage.name !== null) return stage.name;
  const key = stage.systemKey;
  if (key !== null && (LEAD_STATUSES as readonly string[]).includes(key)) return dictionaryFor(locale).leadStatus[key as LeadStatus];
  return key ?? "";
}
