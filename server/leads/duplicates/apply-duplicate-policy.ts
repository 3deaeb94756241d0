import type { Principal } from "../../auth/principal";
import type { DbTx } from "../../db/client";
import { ORGANIZATION_WIDE } from "../lead-visibility";
import type { LeadRepresentation } from "../lead-representation";
import { mergeLeadsIn } from "../merge/merge-leads";
import { checkAtCreate } from "./check-at-create";
import { findDuplicatesOfMany, type DuplicateCandidate, type DuplicateKeys } from "./find-duplicates";

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
  notYetArrived: readonly string[] = [],
): Promise<LeadRepresentation> {
  // One statement reads the policy, finds, scores and records the candidates (check-at-create.ts): it runs for every lead created.
  const mergeInto = await checkAtCreate(tx, principal.organizationId, lead.id, keys, notYetArrived);
  if (mergeInto === null) return lead;
  const wide: Principal = { ...principal, leadVisibility: ORGANIZATION_WIDE };
  return (await mergeLeadsIn(tx, wide, mergeInto, { duplicateIds: [lead.id] })).lead;
}

/**
 * The same policy for leads written together, in the order they arrived (a
 * chunk of an import), each compared only with the leads that existed before
 * it. `suggest` finds every lead's candidates in one statement
 * (`findDuplicatesOfMany`) and records them in one insert; `auto_merge`
 * merges lead by lead, in order, as they would have been one by one. Answers
 * each lead as `applyDuplicatePolicy` would, in the order given.
 */
export async function applyDuplicatePolicyToMany(
  tx: DbTx,
  principal: Principal,
  leads: readonly { lead: LeadRepresentation; keys: DuplicateKeys }[],
): Promise<LeadRepresentation[]> {
  const policy = await duplicatePolicyOf(tx, principal.organizationId);
  if (policy === "off") return leads.map(({ lead }) => lead);
  const ids = leads.map(({ lead }) => lead.id);
  if (policy === "auto_merge") {
    const answered: LeadRepresentation[] = [];
    for (const [index, { lead, keys }] of leads.entries()) answered.push(await applyDuplicatePolicy(tx, principal, lead, keys, ids.slice(index + 1)));
    return answered;
  }
  const wide: Principal = { ...principal, leadVisibility: ORGANIZATION_WIDE };
  const found = await findDuplicatesOfMany(tx, wide, ids);
  await tx.leadDuplicateCandidate.createMany({
    data: ids.flatMap((leadId) => candidateRows(principal.organizationId, leadId, found.get(leadId) ?? [])),
  });
  return leads.map(({ lead }) => lead);
}

async function duplicatePolicyOf(tx: DbTx, organizationId: string): Promise<DuplicatePolicy> {
  const organization = await tx.organization.findUnique({ where: { id: organizationId }, select: { duplicatePolicy: true } });
  return organization?.duplicatePolicy ?? "off";
}

function candidateRows(organizationId: string, leadId: string, candidates: readonly DuplicateCandidate[]) {
  return candidates.map((candidate) => ({ leadId, candidateId: candidate.leadId, organizationId, reason: candidate.reason, score: candidate.score }));
}
