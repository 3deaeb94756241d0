import type { Db } from "../../server/db/client";
import type { Organization, User } from "../../server/db/generated/client";
import { ApiError } from "../../server/errors/api-error";
import { findOrganization } from "../../server/organizations/find-organization";

export async function requireOrganization(db: Db, reference: string): Promise<Organization> {
  const organization = await findOrganization(db, reference);
  if (!organization) throw ApiError.text("NOT_FOUND", `no organization with id or slug "${reference}"`);
  return organization;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** A user by id or by email (emails are stored lowercased). */
export async function requireUser(db: Db, reference: string): Promise<User> {
  const ref = reference.trim().toLowerCase();
  const user = UUID.test(ref)
    ? await db.user.findUnique({ where: { id: ref } })
    : ref.includes("@")
      ? await db.user.findUnique({ where: { email: ref } })
      : null;
  if (!user) throw ApiError.text("NOT_FOUND", `no user with id or email "${reference}"`);
  return user;
}
