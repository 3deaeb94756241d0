import type { Locale } from "../i18n/messages";
import { ORGANIZATION_WIDE, type LeadVisibility, type LeadVisibilitySetting } from "../leads/lead-visibility";
import type { OrganizationRateLimits } from "../rate-limit/ceilings";
import type { MemberRole } from "./roles";
import { isScope, SCOPES, scopesForRole, scopesHeldBy, type Scope } from "./scopes";

export interface PrincipalOrganization {
  id: string;
  name: string;
  slug: string | null;
  locale: Locale;
  timezone: string | null;
  /** A sandbox organization (a copy for testing integrations): it never calls WhatsApp, email or Google. */
  sandbox: boolean;
  rateLimits: OrganizationRateLimits;
  /** Which leads members see (the setting); what this caller sees is `Principal.leadVisibility`. */
  leadVisibility: LeadVisibilitySetting;
  /**
   * The plan's lead limit (null: none) when read with the credential of this
   * request (the bearer door), so a create need not read it again; absent
   * elsewhere (a principal that may outlive the request reads it at the check).
   */
  maxLeads?: number | null;
}

/**
 * Who is acting: resolved once per request from the bearer token (REST door)
 * or the dashboard session (tRPC door), or the system actor of one
 * organization for work the system does by itself (round-robin assignments,
 * sequence dispatch, provider callbacks, scheduled jobs). Every domain
 * function scopes its queries by `organizationId`. Built only by
 * `buildPrincipal` below.
 */
export interface Principal {
  organizationId: string;
  organization: PrincipalOrganization;
  kind: "session" | "api_key" | "oauth" | "system";
  scopes: Scope[];
  /** The acting user: the session user or the OAuth token's owner; null for API keys and the system. */
  userId: string | null;
  /**
   * That person's role in the organization, read from the membership when the
   * principal is built (every request), so a demoted admin loses rights at
   * once; null for API keys and the system actor, which act for the
   * organization and are limited by their scopes alone.
   */
  role: MemberRole | null;
  /** Public id of the OAuth client; null otherwise. */
  clientId: string | null;
  /** Internal ids of the credential, for "managed by" bookkeeping. */
  apiKeyId: string | null;
  /** The API key's own name, read with the key (the timeline's author of its writes); absent when not read. */
  apiKeyName?: string;
  oauthClientDbId: string | null;
  /** Origin stamped on emitted events. */
  source: "ui" | "api" | "system";
  /**
   * Which leads this caller sees, resolved with the principal (every
   * request): every lead of the organization, or a member's own under the
   * `own` setting. Applied inside every lead query (server/leads/lead-visibility.ts).
   */
  leadVisibility: LeadVisibility;
}

/** The organization columns a principal needs, as a Prisma `select`. */
export const principalOrganizationSelect = {
  id: true,
  name: true,
  slug: true,
  locale: true,
  timezone: true,
  sandboxOfId: true,
  rateLimitExempt: true,
  rateLimitPerSecond: true,
  rateLimitPerMinute: true,
  rateLimitPerMonth: true,
  leadVisibility: true,
} as const;

export interface SelectedOrganization {
  id: string;
  name: string;
  slug: string | null;
  locale: Locale;
  timezone: string | null;
  sandboxOfId: string | null;
  rateLimitExempt: boolean;
  rateLimitPerSecond: number | null;
  rateLimitPerMinute: number | null;
  rateLimitPerMonth: number | null;
  leadVisibility: LeadVisibilitySetting;
  maxLeads?: number | null;
}

export function toPrincipalOrganization(org: SelectedOrganization): PrincipalOrganization {
  const { rateLimitExempt, rateLimitPerSecond, rateLimitPerMinute, rateLimitPerMonth, sandboxOfId, ...rest } = org;
  return { ...rest, sandbox: sandboxOfId !== null, rateLimits: { rateLimitExempt, rateLimitPerSecond, rateLimitPerMinute, rateLimitPerMonth } };
}

/** What each kind of caller is made of; everything else about the principal follows from it. */
export type PrincipalSource =
  | { kind: "session"; userId: string; role: MemberRole; leadVisibility: LeadVisibility }
  | {
      kind: "oauth";
      userId: string;
      role: MemberRole;
      leadVisibility: LeadVisibility;
      scopes: readonly string[];
      clientId: string;
      oauthClientDbId: string;
    }
  | { kind: "api_key"; apiKeyId: string; apiKeyName?: string; scopes: readonly string[] }
  | { kind: "system" };

/**
 * The one place a Principal is assembled. A session holds the scopes of its
 * role; an OAuth token holds its granted scopes as far as its owner's
 * current role may hold them (a grant issued before a demotion is cut here,
 * whatever its rows say); an API key holds its known scopes; the system
 * actor holds every scope. A person sees the leads resolved for them
 * (`resolveLeadVisibility`); a key and the system actor, every lead.
 */
export function buildPrincipal(organization: PrincipalOrganization, source: PrincipalSource): Principal {
  const base = { organizationId: organization.id, organization, clientId: null, apiKeyId: null, oauthClientDbId: null };
  switch (source.kind) {
    case "session":
      return {
        ...base,
        kind: "session",
        scopes: scopesForRole(source.role),
        userId: source.userId,
        role: source.role,
        source: "ui",
        leadVisibility: source.leadVisibility,
      };
    case "oauth":
      return {
        ...base,
        kind: "oauth",
        scopes: scopesHeldBy(source.role, source.scopes),
        userId: source.userId,
        role: source.role,
        clientId: source.clientId,
        oauthClientDbId: source.oauthClientDbId,
        source: "api",
        leadVisibility: source.leadVisibility,
      };
    case "api_key":
      return {
        ...base,
        kind: "api_key",
        scopes: source.scopes.filter(isScope),
        userId: null,
        role: null,
        apiKeyId: source.apiKeyId,
        ...(source.apiKeyName !== undefined ? { apiKeyName: source.apiKeyName } : {}),
        source: "api",
        leadVisibility: ORGANIZATION_WIDE,
      };
    case "system":
      return { ...base, kind: "system", scopes: [...SCOPES], userId: null, role: null, source: "system", leadVisibility: ORGANIZATION_WIDE };
  }
}
