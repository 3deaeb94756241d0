import type { Principal } from "../../auth/principal";
import type { DbTx } from "../../db/client";
import { ApiError } from "../../errors/api-error";
import { visibleLeadsWhere } from "../lead-visibility";

/** Merges of merges are followed this far (a survivor merged again later); past it the last survivor seen is named. */
const MAX_HOPS = 10;

/**
 * The 404 for a lead id that names nothing: when the lead was merged away,
 * the message names the lead it lives on in (following later merges), so a
 * client holding the old id learns where to look — only when the caller
 * may see that lead, so a member under `own` visibility learns nothing of a
 * lead out of their sight. Otherwise the plain "Lead not found".
 */
export async function missingLeadError(tx: Pick<DbTx, "mergedLead" | "lead">, principal: Principal, leadId: string): Promise<ApiError> {
  const { organizationId } = principal;
  let survivorId: string | null = null;
  let current = leadId;
  for (let hop = 0; hop < MAX_HOPS; hop++) {
    const merged = await tx.mergedLead.findFirst({ where: { leadId: current, organizationId }, select: { survivorId: true } });
    if (!merged) break;
    survivorId = merged.survivorId;
    current = merged.survivorId;
  }
  if (survivorId === null) return new ApiError("NOT_FOUND", "resource.notFound", { resource: "Lead" });
  const seen = await tx.lead.findFirst({ where: { id: survivorId, ...visibleLeadsWhere(principal) }, select: { id: true } });
  if (!seen) return new ApiError("NOT_FOUND", "resource.notFound", { resource: "Lead" });
  return new ApiError("NOT_FOUND", "intake.mergedInto", { leadId: survivorId });
}
