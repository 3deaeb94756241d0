import type { Db, DbTx } from "../db/client";
import { ApiError } from "../errors/api-error";
import { buildPrincipal, principalOrganizationSelect, toPrincipalOrganization, type Principal } from "./principal";

/**
 * The system actor of one organization: what jobs and provider callbacks act
 * as. It is bound to a single organization (so tenancy holds for work nobody
 * requested), may do anything a full-scope credential may, and stamps its
 * events `X-Service-Source: system` and its timeline entries as the system.
 */
export async function systemPrincipal(db: Db | DbTx, organizationId: string): Promise<Principal> {
  const organization = await db.organization.findUnique({ where: { id: organizationId }, select: principalOrganizationSelect });
  if (!organization) throw new ApiError("NOT_FOUND", "resource.notFound", { resource: "Organization" });
  return buildPrincipal(toPrincipalOrganization(organization), { kind: "system" });
}
