import type { Db } from "../db/client";
import { ApiError } from "../errors/api-error";
import { memberInclude, toMemberRepresentation, type MemberRepresentation } from "./member-representation";

/** Every member of the organization, oldest membership first (not paginated: teams are small). */
export async function listMembers(db: Db, organizationId: string): Promise<{ data: MemberRepresentation[] }> {
  const rows = await db.membership.findMany({
    where: { organizationId },
    include: memberInclude,
    orderBy: [{ createdAt: "asc" }, { id: "asc" }],
  });
  return { data: rows.map(toMemberRepresentation) };
}

/** One member by membership id; another organization's member is not found. */
export async function getMember(db: Db, organizationId: string, memberId: string): Promise<MemberRepresentation> {
  const row = await db.membership.findFirst({ where: { id: memberId, organizationId }, include: memberInclude });
  if (!row) throw new ApiError("NOT_FOUND", "resource.notFound", { resource: "Member" });
  return toMemberRepresentation(row);
}
