import { runInTransaction } from "../db/run-in-transaction";
import type { DomainContext } from "../domain-context";
import { ApiError } from "../errors/api-error";

const leadNotFound = () => new ApiError("NOT_FOUND", "resource.notFound", { resource: "Lead" });

/** A lead's calling side: the do-not-call mark and the sequences it was enrolled in (newest first). */
export async function leadCalling({ db, principal }: DomainContext, leadId: string) {
  const lead = await db.lead.findFirst({ where: { id: leadId, organizationId: principal.organizationId }, select: { doNotCall: true } });
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
 * Marks or clears do-not-call. Marked, the lead is left out of every audience
 * and every running sequence skips it when its turn comes (the dispatch step
 * reads the mark), so no queued contact needs rewriting here.
 */
export async function setDoNotCall({ db, principal }: DomainContext, leadId: string, doNotCall: boolean) {
  return runInTransaction(db, async (tx) => {
    const updated = await tx.lead.updateMany({ where: { id: leadId, organizationId: principal.organizationId }, data: { doNotCall } });
    if (updated.count === 0) throw leadNotFound();
    return { leadId, doNotCall };
  });
}
