import type { DomainContext } from "../domain-context";
import { ApiError } from "../errors/api-error";

export const MEMBER_ROLES = ["owner", "admin", "member"] as const;
export type MemberRole = (typeof MEMBER_ROLES)[number];

/** Owners and admins manage Settings (API keys, connected apps, webhooks, the organization). */
export const SETTINGS_ROLES: readonly MemberRole[] = ["owner", "admin"];

export function canManageSettings(role: MemberRole): boolean {
  return SETTINGS_ROLES.includes(role);
}

/**
 * The signed-in member's role in the active organization, read from the
 * membership on every call so a demoted admin loses Settings at once. Null
 * for bearer callers (API keys, OAuth): roles belong to dashboard sessions.
 */
export async function memberRoleOf({ db, principal }: DomainContext): Promise<MemberRole | null> {
  if (principal.kind !== "session" || principal.userId === null) return null;
  const membership = await db.membership.findUnique({
    where: { organizationId_userId: { organizationId: principal.organizationId, userId: principal.userId } },
    select: { role: true },
  });
  return membership?.role ?? null;
}

/** Throws 403 unless the caller is a dashboard member with one of `allowed`. */
export async function requireRole(ctx: DomainContext, allowed: readonly MemberRole[]): Promise<MemberRole> {
  const role = await memberRoleOf(ctx);
  if (role === null || !allowed.includes(role)) throw new ApiError("FORBIDDEN", "settings.roleRequired");
  return role;
}
