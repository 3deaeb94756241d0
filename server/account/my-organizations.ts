import { z } from "zod";
import type { Db } from "../db/client";
import { createOrganizationInTransaction } from "../organizations/create-organization";
import { runInTransaction } from "../db/run-in-transaction";

/** The organizations a signed-in person belongs to (the organization switcher), and starting another one. */

export const myOrganizationSchema = z.object({
  id: z.string(),
  name: z.string(),
  slug: z.string().nullable(),
  role: z.enum(["owner", "admin", "member"]),
});
export type MyOrganization = z.infer<typeof myOrganizationSchema>;

export async function listMyOrganizations(db: Db, userId: string): Promise<MyOrganization[]> {
  const memberships = await db.membership.findMany({
    where: { userId },
    select: { role: true, organization: { select: { id: true, name: true, slug: true } } },
    orderBy: [{ createdAt: "asc" }, { id: "asc" }],
  });
  return memberships.map(({ role, organization }) => ({ ...organization, role }));
}

export const createMyOrganizationInput = z.object({
  name: z.string().trim().min(1, "enter a name").max(200, "at most 200 characters"),
});

/** A new organization owned by the caller; it inherits the language and time zone of the one they are in. */
export async function createMyOrganization(
  db: Db,
  userId: string,
  input: { name: string; locale: "en" | "es"; timezone: string | null },
): Promise<MyOrganization> {
  return runInTransaction(db, async (tx) => {
    const organization = await createOrganizationInTransaction(tx, input);
    await tx.membership.create({ data: { organizationId: organization.id, userId, role: "owner" } });
    return { id: organization.id, name: organization.name, slug: organization.slug, role: "owner" as const };
  });
}
