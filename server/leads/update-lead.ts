import { runInTransaction } from "../db/run-in-transaction";
import type { DomainContext } from "../domain-context";
import { changeLead } from "./change-lead";
import type { LeadBody } from "./lead-body";
import type { LeadRepresentation } from "./lead-representation";

/**
 * `PUT /leads/{leadId}` (and the dashboard's edit dialog and board): fields
 * sent replace the stored ones (null clears), omitted fields stay; the change
 * itself, its timeline entries and its events are `changeLead`'s, like every
 * other change of a lead.
 */
export async function updateLead(ctx: DomainContext, leadId: string, patch: LeadBody): Promise<LeadRepresentation> {
  return runInTransaction(ctx.db, (tx) => changeLead(tx, ctx.principal, leadId, patch));
}
