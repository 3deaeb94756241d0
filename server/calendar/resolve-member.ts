import type { DomainContext } from "../domain-context";
import { ApiError } from "../errors/api-error";
import { isUuid } from "../ids";

/**
 * Whose calendar an event call acts on (spec, Calendar, rules 1–3): an
 * API key names the member with `userId` (missing: 400 BAD_REQUEST); an OAuth
 * token or a dashboard session defaults to its own user; a `userId` that is
 * not a member of the organization (or not a uuid at all) is 404 INVALID_MEMBER.
 */
export async function resolveCalendarMember(ctx: DomainContext, userId: string | undefined): Promise<string> {
  const { principal } = ctx;
  const requested = userId ?? principal.userId ?? undefined;
  if (!requested) throw new ApiError("BAD_REQUEST", "calendar.userIdRequired");
  if (!isUuid(requested)) throw new ApiError("INVALID_MEMBER", "calendar.invalidMember");
  const membership = await ctx.db.membership.findFirst({
    where: { organizationId: principal.organizationId, userId: requested },
    select: { userId: true },
  });
  if (!membership) throw new ApiError("INVALID_MEMBER", "calendar.invalidMember");
  return membership.userId;
}
