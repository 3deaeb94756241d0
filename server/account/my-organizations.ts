import type { DomainContext } from "../domain-context";
import { createOrganizationInTransaction } from "../organizations/create-organization";
import { runInTransaction } from "../db/run-in-transaction";
import { sessionUserId } from "./session-user";

/** The organizations a signed-in person belongs to (the organization switcher), and starting another one. */

export interface MyOrganization {
  id: string;
  name: string;
  slug: string | null;
  role: "owner" | "admin" | "member";
}

export async function listMyOrganizations({ db, principal }: DomainContext): Promise<MyOrganization[]> {
  const memberships = await db.membership.findMany({
    where: { userId: sessionUserId(principal) },
    select: { role: true, organization: { select: { id: true, name: true, slug: true } } },
    orderBy: [{ createdAt: "asc" }, { id: "asc" }],
  });
  return memberships.map(({ role, organization }) => ({ ...organization, role }));
}

/** A new organization owned by the caller; it inherits the language and time zone of the one they are in. */
export async function createMyOrganization(
  { db, principal }: DomainContext,
  request: { name: string },
): Promise<MyOrganization> {
  const userId = sessionUserId(principal);
  const { locale, timezone } = principal.organization;
  return runInTransaction(db, async (tx) => {
    const organization = await createOrganizationInTransaction(tx, { name: request.name, locale, timezone });
    await tx.membership.create({ data: { organizationId: organization.id, userId, role: "owner" } });
    return { id: organization.id, name: organization.name, slug: organization.slug, role: "owner" as const };
  });
}
