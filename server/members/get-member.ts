import type { DomainContext } from "../domain-context";
import { ApiError } from "../errors/api-error";
import { memberInclude, toMemberRepresentation, type MemberRepresentation } from "./member-representation";

/** One member by membership id; another organization's member is not found. */
export async function getMember({ db, principal }: DomainContext, memberId: string): Promise<MemberRepresentation> {
  const row = await db.membership.findFirst({
    where: { id: memberId, organizationId: principal.organizationId },
    include: memberInclude,
  });
  if (!row) throw new ApiError("NOT_FOUND", "resource.notFound", { resource: "Member" });
  return toMemberRepresentation(row);
}
