import { eventSourceOf, recordEvents } from "../events/record-events";
import type { Principal } from "../auth/principal";
import type { DbTx } from "../db/client";
import type { DomainContext } from "../domain-context";
import { lockLeadOrThrow } from "./find-lead";
import { leadInclude, toLeadRepresentation } from "./lead-representation";
import { runInTransaction } from "../db/run-in-transaction";
import { clearUnitHolders } from "../projects/unit-holder-relink";
import { visibleLeadsSql } from "./lead-visibility";

/** Deletes a lead and its timeline; `lead.deleted` carries the lead as it was. */
export async function deleteLead(ctx: DomainContext, leadId: string): Promise<{ deleted: true; id: string }> {
  return runInTransaction(ctx.db, async (tx) => {
    await lockLeadOrThrow(tx, ctx.principal, leadId, "update");
    await deleteLeadsIn(tx, ctx.principal, [leadId]);
    return { deleted: true as const, id: leadId };
  });
}

/**
 * The same deletion for many leads in the caller's transaction (undoing an
 * import), in set-sized statements: the leads among `leadIds` that the
 * principal sees are locked, deleted with their timelines, their units'
 * holders cleared, and one `lead.deleted` each recorded in one insert.
 * Answers the ids deleted; the others (not seen, already gone) are left alone.
 */
export async function deleteLeadsIn(tx: DbTx, principal: Principal, leadIds: readonly string[]): Promise<string[]> {
  const organizationId = principal.organizationId;
  if (leadIds.length === 0) return [];
  const locked = await tx.$queryRaw<{ id: string }[]>`
    SELECT l."id" FROM "Lead" l WHERE l."id" = ANY(${[...leadIds]}::text[]) AND ${visibleLeadsSql(principal)} ORDER BY l."id" FOR UPDATE`;
  const ids = new Set(locked.map((row) => row.id));
  const rows = (await tx.lead.findMany({ where: { id: { in: [...ids] }, organizationId }, include: leadInclude }))
    .sort((a, b) => leadIds.indexOf(a.id) - leadIds.indexOf(b.id));
  if (rows.length === 0) return [];
  const leads = rows.map((row) => toLeadRepresentation(row, principal.organization.locale));
  await tx.lead.deleteMany({ where: { id: { in: rows.map((row) => row.id) }, organizationId } });
  await clearUnitHolders(tx, organizationId, rows.map((row) => row.id));
  await recordEvents(tx, eventSourceOf(principal), leads.map((lead) => ({ type: "lead.deleted" as const, data: { lead } })));
  return rows.map((row) => row.id);
}
