import type { Principal } from "../../auth/principal";
import { hasRole, MANAGERS } from "../../auth/roles";
import type { Db, DbTx } from "../../db/client";
import { ApiError } from "../../errors/api-error";

/**
 * Which imports a caller sees: owners and admins every import of their
 * organization, a member the ones they started (an import writes as its
 * importer, so its file and outcomes are theirs). Another organization's
 * import, or one the caller may not see, is not found.
 */
export function visibleImportsWhere(principal: Principal) {
  return {
    organizationId: principal.organizationId,
    ...(hasRole(principal.role, MANAGERS) ? {} : { createdById: principal.userId ?? "00000000-0000-0000-0000-000000000000" }),
  };
}

export async function findLeadImportOrThrow<S extends Record<string, boolean>>(db: Db | DbTx, principal: Principal, importId: string, select: S) {
  const row = await db.leadImport.findFirst({ where: { id: importId, ...visibleImportsWhere(principal) }, select });
  if (row === null) throw new ApiError("NOT_FOUND", "intake.importNotFound");
  return row;
}
