import type { Principal } from "../../auth/principal";
import type { DbTx } from "../../db/client";
import { ORGANIZATION_WIDE } from "../lead-visibility";
import type { LeadRepresentation } from "../lead-representation";
import { mergeLeadsIn } from "../merge/merge-leads";
import { findDuplicates, isExactContactMatch, type DuplicateKeys } from "./find-duplicates";

export type DuplicatePolicy = "off" | "suggest" | "auto_merge";

/**
 * The duplicate check every new lead goes through, whichever door made it
 * (`createLead` calls it in the creating transaction, after the insert): the
 * organization's policy decides. `suggest` records the candidates (the lead
 * page shows them); `auto_merge` merges the new lead into the oldest lead with
 * the same phone or e-mail (undoable like any merge) and answers that lead;
 * `off` does nothing. The check compares with every lead of the organization,
 * whoever created this one: it is the organization's rule, not the caller's view.
 */
export async function applyDuplicatePolicy(
  tx: DbTx,
  principal: Principal,
  lead: LeadRepresentation,
  keys: DuplicateKeys,
): Promise<LeadRepresentation> {
  const organization = await tx.organization.findUnique({ where: { id: principal.organizationId }, select: { duplicatePolicy: true } });
  const policy = organization?.duplicatePolicy ?? "off";
  if (policy === "off") return lead;
  const wide: Principal = { ...principal, leadVisibility: ORGANIZATION_WIDE };
  const candidates = await findDuplicates(tx, wide, keys, [lead.id]);
  if (candidates.length === 0) return lead;
  if (policy === "auto_merge") {
    const exact = candidates.filter(isExactContactMatch).sort((a, b) => b.score - a.score)[0];
    if (exact) return (await mergeLeadsIn(tx, wide, exact.leadId, { duplicateIds: [lead.id] })).lead;
  }
  await tx.leadDuplicateCandidate.createMany({
    data: candidates.map((candidate) => ({
      leadId: lead.id,
      candidateId: candidate.leadId,
      organizationId: principal.organizationId,
      reason: candidate.reason,
      score: candidate.score,
    })),
  });
  return lead;
}
