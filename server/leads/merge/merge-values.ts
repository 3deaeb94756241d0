import { ApiError } from "../../errors/api-error";
import type { LeadValues } from "../lead-values";

/** Fields a merge may take from another lead (`fields` of `POST /leads/{leadId}/merge`). */
export const MERGE_FIELDS = [
  "firstName", "lastName", "email", "phone", "company", "jobTitle", "status", "stageId", "source", "estimatedValue",
  "score", "temperature", "notes", "city", "state", "country", "projectId", "unitId", "assignedToId", "customFields",
  "doNotCall",
] as const;
export type MergeField = (typeof MERGE_FIELDS)[number];

/** Fields that only make sense together: choosing one takes the others from the same lead. */
const TOGETHER: Partial<Record<keyof LeadValues, (keyof LeadValues)[]>> = {
  status: ["status", "stageId"],
  stageId: ["status", "stageId"],
  projectId: ["projectId", "unitId"],
  unitId: ["projectId", "unitId"],
  source: ["source", "sourceMetadata"],
};

/** Filled from a duplicate when the survivor has none; the rest stay the survivor's unless chosen. */
const FILLED: (keyof LeadValues)[] = [
  "firstName", "lastName", "email", "phone", "company", "jobTitle", "estimatedValue", "score", "temperature", "notes",
  "city", "state", "country", "assignedToId",
];

export interface MergeParty {
  id: string;
  values: LeadValues;
}

/**
 * The survivor's values after a merge: a field named in `fields` takes the
 * value of the lead named for it (with the fields that go with it: status
 * and stage, project and unit, source and its metadata); an empty field of
 * the survivor takes the first duplicate's value (in the order given); the
 * custom fields are united, the chosen lead's (else the survivor's) keys
 * winning. A field choice naming a lead outside the merge is refused.
 */
export function mergedValues(survivor: MergeParty, duplicates: MergeParty[], fields: Partial<Record<MergeField, string>>): LeadValues {
  const parties = [survivor, ...duplicates];
  const next: LeadValues = { ...survivor.values };
  for (const key of FILLED) {
    if (next[key] !== null) continue;
    const donor = duplicates.find((party) => party.values[key] !== null);
    if (donor) (next as Record<string, unknown>)[key] = donor.values[key];
  }
  const issues: { path: string; reason: "validation.mergeFieldLead" }[] = [];
  for (const [field, leadId] of Object.entries(fields) as [MergeField, string][]) {
    const winner = parties.find((party) => party.id === leadId);
    if (!winner) {
      issues.push({ path: `fields.${field}`, reason: "validation.mergeFieldLead" });
      continue;
    }
    for (const key of TOGETHER[field] ?? [field]) (next as Record<string, unknown>)[key] = winner.values[key];
  }
  if (issues.length > 0) throw ApiError.invalid(issues);

  const first = parties.find((party) => party.id === fields.customFields) ?? survivor;
  const custom: Record<string, string | number | boolean | null> = {};
  for (const party of [...parties].reverse()) Object.assign(custom, party.values.customFields ?? {});
  Object.assign(custom, survivor.values.customFields ?? {}, first.values.customFields ?? {});
  next.customFields = Object.keys(custom).length > 0 ? custom : null;
  return next;
}
