import type { DomainContext } from "../domain-context";
import { visibleLeadsWhere } from "../leads/lead-visibility";
import { connectionRouting } from "./connection-rules";
import { originOf } from "./lead-origin";
import { matchConnection } from "./match-connection";
import type { ConnectionRequest } from "./pool-requests";

/** How many of the newest leads the routing form checks a connection against. */
export const PREVIEW_LEADS = 50;

export interface ConnectionPreview {
  /** How many leads were checked (the newest, at most PREVIEW_LEADS, among those the caller sees). */
  checked: number;
  /** Those the connection would match, newest first, with the fields that matched (as `matchConnection` names them). */
  matches: { leadId: string; leadName: string | null; fields: string[] }[];
}

type Bag = Record<string, unknown> | null;

/**
 * The routing form's "would these recent leads match?": the connection being
 * edited, checked with the router's own rule (`matchConnection` over each
 * lead's `originOf`) against the organization's newest leads, before it is
 * saved. Nothing is assigned and no pointer moves. A draft still missing its
 * provider or workflow id is checked as it stands.
 */
export async function previewConnection({ db, principal }: DomainContext, request: ConnectionRequest): Promise<ConnectionPreview> {
  const routing = connectionRouting(request);
  const leads = await db.lead.findMany({
    where: visibleLeadsWhere(principal),
    orderBy: [{ createdAt: "desc" }, { id: "desc" }],
    take: PREVIEW_LEADS,
    select: { id: true, firstName: true, lastName: true, email: true, phone: true, source: true, sourceMetadata: true, customFields: true },
  });
  const matches: ConnectionPreview["matches"] = [];
  for (const lead of leads) {
    const origin = originOf({ source: lead.source, sourceMetadata: lead.sourceMetadata as Bag, customFields: lead.customFields as Bag });
    const match = matchConnection(routing, origin);
    if (!match) continue;
    const leadName = [lead.firstName, lead.lastName].filter(Boolean).join(" ") || lead.email || lead.phone || null;
    matches.push({ leadId: lead.id, leadName, fields: match.fields });
  }
  return { checked: leads.length, matches };
}
