import type { Lead } from "./lead-presentation";

/** The interest and consent controls of the lead form, each as the text in its control (the projects: the ids ticked). */
export interface InterestFormValues {
  interestOperation: string;
  interestBudgetMin: string;
  interestBudgetMax: string;
  interestCurrency: string;
  interestMinBedrooms: string;
  interestMinBathrooms: string;
  interestMinArea: string;
  /** Comma-separated. */
  interestCities: string;
  /** Comma-separated. */
  interestUnitTypes: string;
  interestProjectIds: string[];
  /** `yes`, `no`, or empty (never asked). */
  offersConsent: string;
}

export const EMPTY_INTEREST_FORM: InterestFormValues = {
  interestOperation: "",
  interestBudgetMin: "",
  interestBudgetMax: "",
  interestCurrency: "",
  interestMinBedrooms: "",
  interestMinBathrooms: "",
  interestMinArea: "",
  interestCities: "",
  interestUnitTypes: "",
  interestProjectIds: [],
  offersConsent: "",
};

const numberText = (value: number | null | undefined) => (value == null ? "" : String(value));

export function interestFormFromLead(lead: Lead): InterestFormValues {
  const interest = lead.interest;
  return {
    interestOperation: interest?.operation ?? "",
    interestBudgetMin: numberText(interest?.budgetMin),
    interestBudgetMax: numberText(interest?.budgetMax),
    interestCurrency: interest?.currency ?? "",
    interestMinBedrooms: numberText(interest?.minBedrooms),
    interestMinBathrooms: numberText(interest?.minBathrooms),
    interestMinArea: numberText(interest?.minArea),
    interestCities: (interest?.cities ?? []).join(", "),
    interestUnitTypes: (interest?.unitTypes ?? []).join(", "),
    interestProjectIds: interest?.projectIds ?? [],
    offersConsent: lead.offersConsent === null ? "" : lead.offersConsent.consented ? "yes" : "no",
  };
}

const numberOrNull = (value: string) => (value.trim() === "" ? null : Number(value.trim()));
const listOf = (value: string) =>
  value
    .split(",")
    .map((item) => item.trim())
    .filter(Boolean);

/**
 * The `interest` and `offersConsent` of the body; an interest with nothing
 * filled in is sent as null. The server judges every
 * value, so its messages name the control (`interest.budgetMax`, …).
 */
export function interestBodyFrom(values: InterestFormValues) {
  const interest = {
    operation: (values.interestOperation || null) as "sale" | "rent" | null,
    budgetMin: numberOrNull(values.interestBudgetMin),
    budgetMax: numberOrNull(values.interestBudgetMax),
    currency: values.interestCurrency.trim() || null,
    minBedrooms: numberOrNull(values.interestMinBedrooms),
    minBathrooms: numberOrNull(values.interestMinBathrooms),
    minArea: numberOrNull(values.interestMinArea),
    cities: listOf(values.interestCities),
    unitTypes: listOf(values.interestUnitTypes),
    projectIds: values.interestProjectIds,
  };
  const named = Object.values(interest).some((value) => (Array.isArray(value) ? value.length > 0 : value !== null));
  const offersConsent = values.offersConsent === "" ? null : { consented: values.offersConsent === "yes", source: "dashboard" };
  return { interest: named ? interest : null, offersConsent };
}

/** The form control a server error path names (`interest.budgetMax` → `interestBudgetMax`). */
export function interestControlOf(path: string): keyof InterestFormValues | null {
  const match = /^interest\.(\w+)/.exec(path);
  if (!match) return path === "offersConsent" || path.startsWith("offersConsent.") ? "offersConsent" : null;
  const name = `interest${match[1]!.charAt(0).toUpperCase()}${match[1]!.slice(1)}`;
  return name in EMPTY_INTEREST_FORM ? (name as keyof InterestFormValues) : null;
}
