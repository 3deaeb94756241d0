import type { DomainContext } from "../../domain-context";
import { findLeadOrThrow } from "../find-lead";
import { leadInclude, toLeadRepresentation, type LeadRepresentation } from "../lead-representation";
import { duplicateKeysOf, findDuplicates, type DuplicateCandidate } from "./find-duplicates";

export interface DuplicateListItem extends DuplicateCandidate {
  /** Whether the check at the lead's creation found this candidate (the `suggest` policy records them). */
  flaggedAtCreate: boolean;
  lead: LeadRepresentation;
}

/**
 * `GET /leads/{leadId}/duplicates`: the leads the caller sees that look like
 * the same person as a lead they see, found live by the same rules as the
 * check at create, each with the lead as GET shows it (for a side-by-side compare).
 */
export async function listDuplicates(ctx: DomainContext, leadId: string): Promise<DuplicateListItem[]> {
  const { principal, db } = ctx;
  await findLeadOrThrow(db, principal, leadId);
  const keys = await duplicateKeysOf(db, principal.organizationId, leadId);
  if (!keys) return [];
  const candidates = await findDuplicates(db, principal, keys, [leadId]);
  if (candidates.length === 0) return [];
  const ids = candidates.map((candidate) => candidate.leadId);
  const [rows, flagged] = await Promise.all([
    db.lead.findMany({ where: { id: { in: ids }, organizationId: principal.organizationId }, include: leadInclude }),
    db.leadDuplicateCandidate.findMany({ where: { leadId, candidateId: { in: ids } }, select: { candidateId: true } }),
  ]);
  const byId = new Map(rows.map((row) => [row.id, toLeadRepresentation(row, principal.organization.locale)]));
  const flaggedIds = new Set(flagged.map((row) => row.candidateId));
  return candidates.flatMap((candidate) => {
    const lead = byId.get(candidate.leadId);
    return lead ? [{ ...candidate, flaggedAtCreate: flaggedIds.has(candidate.leadId), lead }] : [];
  });
}
