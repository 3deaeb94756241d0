import type { DomainContext } from "../domain-context";
import { findLeadOrThrow } from "./find-lead";
import { toLeadRepresentation, type LeadRepresentation } from "./lead-representation";

export async function getLead(ctx: DomainContext, leadId: string): Promise<LeadRepresentation> {
  return toLeadRepresentation(await findLeadOrThrow(ctx.db, ctx.principal, leadId));
}
