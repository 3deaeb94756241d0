import type { LeadOrigin } from "./lead-origin";
import { CONNECTION_MATCH_FIELDS, type ConnectionMatchField, type ConnectionProvider, type ConnectionSource } from "./round-robin-values";

export type ConnectionRouting = { source: ConnectionSource; provider: ConnectionProvider | null } & Record<
  ConnectionMatchField,
  string | null
>;

/** The generic `webhook` connection: source webhook and nothing else set. At most one pool per organization holds it. */
export function isGenericWebhook(connection: ConnectionRouting): boolean {
  return connection.source === "webhook" && connection.provider === null && CONNECTION_MATCH_FIELDS.every((f) => connection[f] === null);
}

/**
 * Whether a connection matches a lead's origin, and how specifically
 * (docs/decisions.md, "Round robin routing"). Every field the connection sets
 * must equal the origin's value (exact, after trimming); then by source:
 * `webhook` needs nothing more; `adplatform` needs an ad-platform lead (source
 * `adplatform` or any ad-platform id); `automation` needs the origin's
 * provider to equal the connection's; `workflow` needs the workflow id.
 * Specificity = fields set, plus one for a source other than webhook, plus
 * one for a provider; the generic webhook connection scores 0.
 * Null when it does not match.
 */
export function matchConnection(connection: ConnectionRouting, origin: LeadOrigin): { specificity: number; fields: string[] } | null {
  const fields: string[] = [];
  for (const field of CONNECTION_MATCH_FIELDS) {
    const wanted = connection[field];
    if (wanted === null) continue;
    if (origin[field] !== wanted) return null;
    fields.push(field);
  }
  if (connection.provider !== null) {
    if (origin.provider !== connection.provider) return null;
    fields.push("provider");
  }
  switch (connection.source) {
    case "webhook":
      break;
    case "adplatform": {
      const fromAds =
        origin.leadSource === "adplatform" ||
        [origin.adplatformPageId, origin.adplatformFormId, origin.adplatformAdId, origin.adplatformCampaignId].some((v) => v !== null);
      if (!fromAds) return null;
      break;
    }
    case "automation":
      if (origin.provider === null) return null;
      break;
    case "workflow":
      if (origin.workflowId === null) return null;
      break;
  }
  return { specificity: fields.length + (connection.source === "webhook" ? 0 : 1), fields };
}
