import type { DomainContext } from "../domain-context";
import type { MemberRole } from "../auth/roles";
import { ApiError } from "../errors/api-error";
import { createOrganizationInTransaction } from "../organizations/create-organization";
import { runInTransaction } from "../db/run-in-transaction";
import { addMembership } from "../team/add-membership";
import { sessionUserId } from "./session-user";
import { config } from "../config/config";

/** The organizations a signed-in person belongs to (the organization switcher), and starting another one. */

export interface MyOrganization {
  id: string;
  name: string;
  slug: string | null;
  role: MemberRole;
}

export async function listMyOrganizations({ db, principal }: DomainContext): Promise<MyOrganization[]> {
  const memberships = await db.membership.findMany({
    where: { userId: sessionUserId(principal) },
    select: { role: true, organization: { select: { id: true, name: true, slug: true } } },
    orderBy: [{ createdAt: "asc" }, { id: "asc" }],
  });
  return memberships.map(({ role, organization }) => ({ ...organization, role }));
}

/**
 * How many organizations one person may own (`MAX_ORGANIZATIONS_PER_USER`,
 * default 5): plan quotas are per organization, so without a cap anyone could
 * multiply them by starting more organizations.
 */
export function maxOrganizationsPerUser(): number {
  return config().MAX_ORGANIZATIONS_PER_USER;
}

/**
 * A new organization owned by the caller; it inherits the language and time
 * zone of the one they are in. The user row is locked while owned
 * organizations are counted, so concurrent requests cannot pass the cap.
 */
export async function createMyOrganization(
  { db, principal }: DomainContext,
  request: { name: string },
): Promise<MyOrganization> {
  const userId = sessionUserId(principal);
  const { locale, timezone } = principal.organization;
  return runInTransaction(db, async (tx) => {
    await tx.$queryRaw`SELECT id FROM "User" WHERE id = ${userId}::uuid FOR UPDATE`;
    const owned = await tx.membership.count({ where: { userId, role: "owner" } });
    const limit = maxOrganizationsPerUser();
    if (owned >= limit) throw new ApiError("FORBIDDEN", "account.organizationLimit", { limit });
    const organization = await createOrganizationInTransaction(tx, { name: request.name, locale, timezone });
    await addMembership(tx, { organizationId: organization.id, userId, role: "owner" });
    return { id: organization.id, name: organization.name, slug: organization.slug, role: "owner" as const };
  });
}
