import type { DomainContext } from "../domain-context";
import { memberInclude, toMemberRepresentation, type MemberRepresentation } from "./member-representation";

/** Every member of the organization, oldest membership first (not paginated: teams are small). */
export async function listMembers({ db, principal }: DomainContext): Promise<MemberRepresentation[]> {
  const rows = await db.membership.findMany({
    where: { organizationId: principal.organizationId },
    include: memberInclude,
    orderBy: [{ createdAt: "asc" }, { id: "asc" }],
  });
  return rows.map(toMemberRepresentation);
}
