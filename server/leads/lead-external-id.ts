import type { DbTx } from "../db/client";
import { ApiError } from "../errors/api-error";
import type { LeadSource } from "./lead-enums";

/**
 * `externalId` is unique per organization and stored source (the database's
 * unique index is the last word under racing writes). Checked before a write
 * so the refusal names the lead that holds the id: a retried delivery learns
 * which lead its first attempt made.
 */
export async function leadWithExternalId(
  tx: Pick<DbTx, "lead">,
  organizationId: string,
  source: LeadSource,
  externalId: string,
): Promise<string | null> {
  const row = await tx.lead.findFirst({ where: { organizationId, source, externalId }, select: { id: true } });
  return row?.id ?? null;
}

export async function assertExternalIdFree(
  tx: Pick<DbTx, "lead">,
  organizationId: string,
  values: { source: LeadSource; externalId: string | null },
  exceptLeadId?: string,
): Promise<void> {
  if (values.externalId === null) return;
  const holder = await leadWithExternalId(tx, organizationId, values.source, values.externalId);
  if (holder !== null && holder !== exceptLeadId) throw new ApiError("CONFLICT", "intake.externalIdTaken", { leadId: holder });
}
