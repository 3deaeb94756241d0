import type { Locale } from "../i18n/messages";
import type { OrganizationRateLimits } from "../rate-limit/ceilings";
import type { Scope } from "./scopes";

export interface PrincipalOrganization {
  id: string;
  name: string;
  slug: string | null;
  locale: Locale;
  timezone: string | null;
  rateLimits: OrganizationRateLimits;
}

/**
 * Who is acting: resolved once per request from the bearer token (REST door)
 * or the dashboard session (tRPC door), or the system actor of one
 * organization for work the system does by itself (round-robin assignments,
 * sequence dispatch, provider callbacks, scheduled jobs). Every domain
 * function scopes its queries by `organizationId`.
 */
export interface Principal {
  organizationId: string;
  organization: PrincipalOrganization;
  kind: "session" | "api_key" | "oauth" | "system";
  scopes: Scope[];
  /** The acting user: the session user or the OAuth token's owner; null for API keys and the system. */
  userId: string | null;
  /** Public id of the OAuth client; null otherwise. */
  clientId: string | null;
  /** Internal ids of the credential, for "managed by" bookkeeping. */
  apiKeyId: string | null;
  oauthClientDbId: string | null;
  /** Origin stamped on emitted events. */
  source: "ui" | "api" | "system";
}
