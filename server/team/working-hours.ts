import { hasRole, MANAGERS } from "../auth/roles";
import { Prisma } from "../db/generated/client";
import type { DomainContext } from "../domain-context";
import { ApiError } from "../errors/api-error";
import { isUuid } from "../ids";
import { readWorkingHours, type WorkingHours } from "../leads/first-touch/working-hours";
import { teamErrors } from "./team-errors";

/**
 * A member's working hours (the first-touch clock runs only inside them):
 * each member sets their own on their profile, owners and admins anyone's.
 * `own` null: the member works the organization's business hours.
 */
export interface MemberWorkingHours {
  userId: string;
  own: WorkingHours | null;
  organization: WorkingHours | null;
}

function assertMayManage(ctx: DomainContext, userId: string): void {
  if (ctx.principal.userId === userId || hasRole(ctx.principal.role, MANAGERS)) return;
  throw new ApiError("FORBIDDEN", "team.othersWorkingHours");
}

async function read(ctx: DomainContext, userId: string): Promise<MemberWorkingHours> {
  const organizationId = ctx.principal.organizationId;
  if (!isUuid(userId)) throw teamErrors.memberNotFound();
  const [membership, organization] = await Promise.all([
    ctx.db.membership.findUnique({ where: { organizationId_userId: { organizationId, userId } }, select: { workingHours: true } }),
    ctx.db.organization.findUniqueOrThrow({ where: { id: organizationId }, select: { businessHours: true } }),
  ]);
  if (!membership) throw teamErrors.memberNotFound();
  return { userId, own: readWorkingHours(membership.workingHours), organization: readWorkingHours(organization.businessHours) };
}

export async function getWorkingHours(ctx: DomainContext, userId: string): Promise<MemberWorkingHours> {
  assertMayManage(ctx, userId);
  return read(ctx, userId);
}

/** Sets (or with null clears) a member's own hours; applies to deadlines set from then on. */
export async function setWorkingHours(ctx: DomainContext, userId: string, hours: WorkingHours | null): Promise<MemberWorkingHours> {
  assertMayManage(ctx, userId);
  if (!isUuid(userId)) throw teamErrors.memberNotFound();
  const organizationId = ctx.principal.organizationId;
  const { count } = await ctx.db.membership.updateMany({
    where: { organizationId, userId },
    data: { workingHours: hours === null ? Prisma.DbNull : { ...hours } },
  });
  if (count === 0) throw teamErrors.memberNotFound();
  return read(ctx, userId);
}
