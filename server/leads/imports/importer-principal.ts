import type { Principal } from "../../auth/principal";
import { resolvePrincipalFromSession } from "../../auth/resolve-session";
import type { Db } from "../../db/client";

/**
 * The person who started an import, as they are now (role, lead visibility):
 * the import's rows are written as them, as if they had created each lead in
 * the dashboard. Null when they are no longer a member of the organization
 * or may no longer write leads.
 */
export async function importerPrincipal(db: Db, organizationId: string, userId: string): Promise<Principal | null> {
  const principal = await resolvePrincipalFromSession(db, { userId, organizationId });
  if (principal === null || principal.organizationId !== organizationId || !principal.scopes.includes("leads:write")) return null;
  return principal;
}
