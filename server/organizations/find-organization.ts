import type { Db, DbTx } from "../db/client";
import type { Organization } from "../db/generated/client";

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * Finds an organization by id or by slug, the two handles an administrator
 * knows it by. Slugs can never be UUID-shaped (see slugSchema), so the shape
 * of the reference decides which column to look at.
 */
export async function findOrganization(db: Db | DbTx, reference: string): Promise<Organization | null> {
  const ref = reference.trim();
  if (ref === "") return null;
  if (UUID.test(ref)) return db.organization.findUnique({ where: { id: ref.toLowerCase() } });
  return db.organization.findUnique({ where: { slug: ref.toLowerCase() } });
}
