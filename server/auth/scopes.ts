import { z } from "zod";
import { ANY_ROLE, MANAGERS, type MemberRole } from "./roles";

/**
 * The full scope catalogue. The spec lists the scopes it has seen; the messaging
 * scope (`messaging:send`) completes it for `POST /whatsapp/send`, and
 * `usage:read` guards the usage extension (`GET /usage`) and `events:read` the
 * event journal (`GET /events`); see docs/decisions.md.
 */
export const SCOPES = [
  "leads:read",
  "leads:write",
  "projects:read",
  "projects:write",
  "members:read",
  "round-robin:read",
  "round-robin:write",
  "calendar:read",
  "calendar:write",
  "sequences:read",
  "sequences:write",
  "webhooks:manage",
  "messaging:send",
  "usage:read",
  "events:read",
] as const;

export const scopeSchema = z.enum(SCOPES);
export type Scope = z.infer<typeof scopeSchema>;

export const SCOPE_GROUPS: Record<string, readonly Scope[]> = {
  Leads: ["leads:read", "leads:write"],
  Projects: ["projects:read", "projects:write"],
  Members: ["members:read"],
  "Round robin": ["round-robin:read", "round-robin:write"],
  Calendar: ["calendar:read", "calendar:write"],
  Sequences: ["sequences:read", "sequences:write"],
  Webhooks: ["webhooks:manage"],
  Messaging: ["messaging:send"],
  Usage: ["usage:read"],
  Events: ["events:read"],
};

/**
 * Which roles may hold each scope: what a dashboard session of that role
 * carries, what a person of that role can grant an app on the consent page,
 * and what that person's OAuth tokens keep when the bearer is resolved or
 * refreshed (a role change narrows them at once). A scope is held by a role
 * exactly when some procedure needing it admits that role (docs/roles.md;
 * tests/security/role-matrix.test.ts checks the two agree): changing routing,
 * sequences and webhooks is for managers, so their write scopes are too.
 */
export const SCOPE_HOLDERS: Record<Scope, readonly MemberRole[]> = {
  "leads:read": ANY_ROLE,
  "leads:write": ANY_ROLE,
  "projects:read": ANY_ROLE,
  "projects:write": ANY_ROLE,
  "members:read": ANY_ROLE,
  "round-robin:read": ANY_ROLE,
  "round-robin:write": MANAGERS,
  "calendar:read": ANY_ROLE,
  "calendar:write": ANY_ROLE,
  "sequences:read": ANY_ROLE,
  "sequences:write": MANAGERS,
  "webhooks:manage": MANAGERS,
  "messaging:send": ANY_ROLE,
  "usage:read": ANY_ROLE,
  // The journal holds every event of the organization, like the webhooks that send them: for managers.
  "events:read": MANAGERS,
};

/**
 * Scopes an API key is created with when nobody chose (the key dialog's
 * starting selection; keys are made by owners and admins): read-only usage and
 * the event journal, so an integration can always catch up on what it missed.
 */
export const DEFAULT_KEY_SCOPES: readonly Scope[] = ["usage:read", "events:read"];

export function isScope(value: string): value is Scope {
  return (SCOPES as readonly string[]).includes(value);
}

/** The scopes a person of `role` may hold (see SCOPE_HOLDERS). */
export function scopesForRole(role: MemberRole): Scope[] {
  return SCOPES.filter((scope) => SCOPE_HOLDERS[scope].includes(role));
}

/** `scopes` (as stored on a grant or token) reduced to the known ones `role` may hold, in catalogue order. */
export function scopesHeldBy(role: MemberRole, scopes: readonly string[]): Scope[] {
  return scopesForRole(role).filter((scope) => scopes.includes(scope));
}
