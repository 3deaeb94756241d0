import { hasRole, MANAGERS } from "../auth/roles";
import type { DomainContext } from "../domain-context";
import { ApiError } from "../errors/api-error";
import { isUuid } from "../ids";
import { teamErrors } from "./team-errors";

/**
 * A member's out-of-office dates: local calendar days (the organization's
 * time zone), both inclusive; the rotation skips the member on them
 * (server/round-robin/participant-availability.ts). Each member sets their
 * own on their profile, owners and admins anyone's (the pool editor).
 * No end: away until further notice. Both null: in the office.
 */
export interface OutOfOffice {
  userId: string;
  /** YYYY-MM-DD or null. */
  from: string | null;
  until: string | null;
}

function assertMayManage(ctx: DomainContext, userId: string): void {
  if (ctx.principal.userId === userId || hasRole(ctx.principal.role, MANAGERS)) return;
  throw new ApiError("FORBIDDEN", "team.othersOutOfOffice");
}

const dateOnly = (value: Date | null) => (value ? value.toISOString().slice(0, 10) : null);
const asDate = (value: string | null) => (value === null ? null : new Date(`${value}T00:00:00.000Z`));

export async function getOutOfOffice(ctx: DomainContext, userId: string): Promise<OutOfOffice> {
  assertMayManage(ctx, userId);
  if (!isUuid(userId)) throw teamErrors.memberNotFound();
  const membership = await ctx.db.membership.findUnique({
    where: { organizationId_userId: { organizationId: ctx.principal.organizationId, userId } },
    select: { outOfOfficeFrom: true, outOfOfficeUntil: true },
  });
  if (!membership) throw teamErrors.memberNotFound();
  return { userId, from: dateOnly(membership.outOfOfficeFrom), until: dateOnly(membership.outOfOfficeUntil) };
}

/** Sets or (both null) clears the dates; an end before the start is refused by the input schema. */
export async function setOutOfOffice(ctx: DomainContext, userId: string, dates: { from: string | null; until: string | null }): Promise<OutOfOffice> {
  assertMayManage(ctx, userId);
  if (!isUuid(userId)) throw teamErrors.memberNotFound();
  const { count } = await ctx.db.membership.updateMany({
    where: { organizationId: ctx.principal.organizationId, userId },
    data: { outOfOfficeFrom: asDate(dates.from), outOfOfficeUntil: asDate(dates.until) },
  });
  if (count === 0) throw teamErrors.memberNotFound();
  return getOutOfOffice(ctx, userId);
}
