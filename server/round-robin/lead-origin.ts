import { CONNECTION_MATCH_FIELDS, type ConnectionMatchField } from "./round-robin-values";

/**
 * Where a lead came from, as routing sees it. Taken from the lead's `source`
 * and from string values under these keys in `sourceMetadata` (written by the
 * service's own intake paths) or, for leads created through the API or the
 * dashboard, in `customFields`; `sourceMetadata` wins. Accepted keys: the
 * connection field names (`sourceKey`, `adplatformPageId`, `adplatformFormId`,
 * `adplatformAdId`, `adplatformCampaignId`, `utmCampaign`, `workflowId`), plus
 * `utm_campaign` for `utmCampaign` and `provider` (or `automationProvider`)
 * for the automation provider.
 */
export type LeadOrigin = { leadSource: string; provider: string | null } & Record<ConnectionMatchField, string | null>;

const ALIASES: Partial<Record<ConnectionMatchField | "provider", string[]>> = {
  utmCampaign: ["utmCampaign", "utm_campaign"],
  provider: ["provider", "automationProvider"],
};

export function originOf(lead: {
  source: string;
  sourceMetadata: Record<string, unknown> | null;
  customFields: Record<string, unknown> | null;
}): LeadOrigin {
  const read = (field: ConnectionMatchField | "provider"): string | null => {
    for (const bag of [lead.sourceMetadata, lead.customFields]) {
      for (const key of ALIASES[field] ?? [field]) {
        const value = bag?.[key];
        if (typeof value === "string" && value.trim() !== "") return value.trim();
      }
    }
    return null;
  };
  const origin = { leadSource: lead.source, provider: read("provider") } as LeadOrigin;
  for (const field of CONNECTION_MATCH_FIELDS) origin[field] = read(field);
  return origin;
}
