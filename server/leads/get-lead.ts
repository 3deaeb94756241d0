import type { DomainContext } from "../domain-context";
import { recordLeadView } from "./access/record-lead-access";
import { findLeadOrThrow } from "./find-lead";
import { toLeadRepresentation, type LeadRepresentation } from "./lead-representation";

/** One lead the caller sees; the read is recorded in the lead access audit (who viewed which lead). */
export async function getLead(ctx: DomainContext, leadId: string): Promise<LeadRepresentation> {
  const lead = toLeadRepresentation(await findLeadOrThrow(ctx.db, ctx.principal, leadId), ctx.principal.organization.locale);
  await recordLeadView(ctx.db, ctx.principal, lead.id);
  return lead;
}
