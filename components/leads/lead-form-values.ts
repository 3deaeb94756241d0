import { EMPTY_INTEREST_FORM, interestBodyFrom, interestFormFromLead, type InterestFormValues } from "./lead-interest-form";
import type { Lead } from "./lead-presentation";

/** What the lead form edits: every field as the text in its control. */
export interface LeadFormValues extends InterestFormValues {
  firstName: string;
  lastName: string;
  email: string;
  phone: string;
  company: string;
  jobTitle: string;
  source: string;
  stageId: string;
  assignedToId: string;
  estimatedValue: string;
  score: string;
  temperature: string;
  city: string;
  state: string;
  country: string;
  projectId: string;
  notes: string;
  /** `en`, `es`, or "" for the organization's language. */
  language: string;
}

export const EMPTY_LEAD_FORM: LeadFormValues = {
  firstName: "",
  lastName: "",
  email: "",
  phone: "",
  company: "",
  jobTitle: "",
  source: "website",
  stageId: "",
  assignedToId: "",
  estimatedValue: "",
  score: "",
  temperature: "",
  city: "",
  state: "",
  country: "",
  projectId: "",
  notes: "",
  language: "",
  ...EMPTY_INTEREST_FORM,
};

export function formFromLead(lead: Lead): LeadFormValues {
  const text = (value: string | null) => value ?? "";
  return {
    firstName: text(lead.firstName),
    lastName: text(lead.lastName),
    email: text(lead.email),
    phone: text(lead.phone),
    company: text(lead.company),
    jobTitle: text(lead.jobTitle),
    source: lead.source,
    stageId: text(lead.stageId),
    assignedToId: text(lead.assignedToId),
    estimatedValue: lead.estimatedValue === null ? "" : String(lead.estimatedValue),
    score: lead.score === null ? "" : String(lead.score),
    temperature: text(lead.temperature),
    city: text(lead.city),
    state: text(lead.state),
    country: text(lead.country),
    projectId: text(lead.projectId),
    notes: text(lead.notes),
    language: text(lead.language),
    ...interestFormFromLead(lead),
  };
}

const TEXT_FIELDS = ["firstName", "lastName", "email", "phone", "company", "jobTitle", "city", "state", "country", "notes"] as const;

/** A number control's text as the API wants it: null when empty; a non-number is sent as NaN's text so the server names the field. */
function numberOrNull(value: string): number | null {
  const trimmed = value.trim();
  return trimmed === "" ? null : Number(trimmed);
}

/**
 * The PUT/POST body. Empty controls become null (on update that clears the
 * field; on create it is simply "not set"), and the server's zod schemas
 * judge everything else, so the rules live in one place. The form edits the
 * stage, never the status: the status is what the stage stands for.
 */
export function leadBodyFrom(values: LeadFormValues) {
  const body = {
    source: values.source,
    stageId: values.stageId || null,
    assignedToId: values.assignedToId || null,
    estimatedValue: numberOrNull(values.estimatedValue),
    score: numberOrNull(values.score),
    temperature: (values.temperature || null) as "cold" | "warm" | "hot" | null,
    projectId: values.projectId || null,
    language: (values.language || null) as "en" | "es" | null,
    ...interestBodyFrom(values),
  } as Record<string, unknown>;
  for (const field of TEXT_FIELDS) body[field] = values[field].trim() === "" ? null : values[field];
  return body as {
    [K in (typeof TEXT_FIELDS)[number]]: string | null;
  } & {
    source: string;
    stageId: string | null;
    assignedToId: string | null;
    estimatedValue: number | null;
    score: number | null;
    temperature: "cold" | "warm" | "hot" | null;
    projectId: string | null;
    language: "en" | "es" | null;
  } & ReturnType<typeof interestBodyFrom>;
}
