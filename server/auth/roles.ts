import { z } from "zod";

/**
 * A member's role in an organization, declared once: the database enum
 * (`MemberRole` in prisma/schema.prisma), the wire schemas, the principal and
 * the authorization checks all use these.
 */
export const MEMBER_ROLES = ["owner", "admin", "member"] as const;
export type MemberRole = (typeof MEMBER_ROLES)[number];
export const memberRoleSchema = z.enum(MEMBER_ROLES);

/** Every member, whatever the role. */
export const ANY_ROLE: readonly MemberRole[] = MEMBER_ROLES;
/** Owners and admins: the organization's managers (Settings, routing, call sequences, webhooks). */
export const MANAGERS: readonly MemberRole[] = ["owner", "admin"];
/** Owners only (the organization's own OAuth apps). */
export const OWNERS: readonly MemberRole[] = ["owner"];

export function hasRole(role: MemberRole | null, allowed: readonly MemberRole[]): boolean {
  return role !== null && allowed.includes(role);
}
