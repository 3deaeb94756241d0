import { eventSourceOf, recordEvents } from "../events/record-events";
import type { DomainContext } from "../domain-context";
import { lockLeadOrThrow } from "./find-lead";
import { toLeadRepresentation } from "./lead-representation";
import { runInTransaction } from "../db/run-in-transaction";
import { clearUnitHolders } from "../projects/unit-holder-relink";

/** Deletes a lead and its timeline; `lead.deleted` carries the lead as it was. */
export async function deleteLead(ctx: DomainContext, leadId: string): Promise<{ deleted: true; id: string }> {
  const { principal } = ctx;
  const organizationId = principal.organizationId;
  return runInTransaction(ctx.db, async (tx) => {
    const lead = toLeadRepresentation(await lockLeadOrThrow(tx, principal, leadId, "update"), principal.organization.locale);
    await tx.lead.delete({ where: { id: leadId, organizationId } });
    await clearUnitHolders(tx, organizationId, [leadId]);
    await recordEvents(tx, eventSourceOf(principal), [{ type: "lead.deleted", data: { lead } }]);
    return { deleted: true as const, id: leadId };
  });
}
