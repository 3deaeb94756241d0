import { z } from "zod";

/**
 * The full scope catalogue. The spec lists the scopes it has seen; the messaging
 * scope (`messaging:send`) completes it for `POST /whatsapp/send` (see docs/decisions.md).
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
};

export function isScope(value: string): value is Scope {
  return (SCOPES as readonly string[]).includes(value);
}

/** Scopes a dashboard session gets from the member's role. */
export function scopesForRole(role: "owner" | "admin" | "member"): Scope[] {
  if (role === "member") return SCOPES.filter((s) => s !== "webhooks:manage");
  return [...SCOPES];
}
