import type { LeadInterest, OffersConsentInput } from "./interest/lead-interest";
import type { LeadStatus, LeadTemperature } from "./lead-enums";
import type { Locale } from "../i18n/messages";

type Clearable<T> = T | null | undefined;

/**
 * The writable fields of a lead as create and update receive them, already
 * validated and normalised by the procedure's schema: text trimmed, an
 * empty string turned into null. An omitted field (undefined) is left as it
 * is; null clears it (status and source cannot be cleared).
 */
export interface LeadBody {
  firstName?: Clearable<string>;
  lastName?: Clearable<string>;
  /** Lowercased. */
  email?: Clearable<string>;
  phone?: Clearable<string>;
  company?: Clearable<string>;
  jobTitle?: Clearable<string>;
  status?: LeadStatus;
  /** Any string; mapped onto the lead source catalog when stored. */
  source?: string;
  stageId?: Clearable<string>;
  estimatedValue?: Clearable<number>;
  score?: Clearable<number>;
  temperature?: Clearable<LeadTemperature>;
  notes?: Clearable<string>;
  city?: Clearable<string>;
  state?: Clearable<string>;
  country?: Clearable<string>;
  projectId?: Clearable<string>;
  unitId?: Clearable<string>;
  assignedToId?: Clearable<string>;
  customFields?: Clearable<Record<string, string | number | boolean | null>>;
  doNotCall?: boolean;
  /** The lead's id at its source; unique per organization and source. */
  externalId?: Clearable<string>;
  /** Replaced as a whole; an interest naming no criterion is stored as null. */
  interest?: Clearable<LeadInterest>;
  offersConsent?: Clearable<OffersConsentInput>;
  /** The language to write to the lead in; null means the organization's. */
  language?: Clearable<Locale>;
}
