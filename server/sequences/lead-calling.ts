import { runInTransaction } from "../db/run-in-transaction";
import type { DomainContext } from "../domain-context";
import { changeLead } from "../leads/change-lead";
import { leadNotFound } from "../leads/find-lead";
import { visibleLeadsWhere } from "../leads/lead-visibility";

/** A lead's calling side: the do-not-call mark and the sequences it was enrolled in (newest first). */
export async function leadCalling({ db, principal }: DomainContext, leadId: string) {
  const lead = await db.lead.findFirst({ where: { id: leadId, ...visibleLeadsWhere(principal) }, select: { doNotCall: true } });
  if (!lead) throw leadNotFound();
  const contacts = await db.$queryRaw<{ sequenceId: string; sequenceName: string; status: string; outcome: string | null }[]>`
    SELECT c."sequenceId", s."name" AS "sequenceName",
           CASE WHEN c."status" = 'scheduled' THEN 'pending' ELSE c."status"::text END AS status, c."outcome"
    FROM "SequenceContact" c JOIN "Sequence" s ON s."id" = c."sequenceId"
    WHERE c."leadId" = ${leadId} AND c."organizationId" = ${principal.organizationId}::uuid
    ORDER BY c."createdAt" DESC LIMIT 20`;
  return { doNotCall: lead.doNotCall, contacts };
}

/**
 * Marks or clears do-not-call from the lead page's toggle: the same change as
 * `PUT /leads/{leadId}` with `doNotCall`, through the lead's owner (timeline
 * entry, `lead.updated`). Marked, the lead is left out of every audience and
 * every running sequence skips it when its turn comes (the dispatch step
 * reads the mark), so no queued contact needs rewriting here.
 */
export async function setDoNotCall({ db, principal }: DomainContext, leadId: string, doNotCall: boolean) {
  const lead = await runInTransaction(db, (tx) => changeLead(tx, principal, leadId, { doNotCall }));
  return { leadId, doNotCall: lead.doNotCall };
}
