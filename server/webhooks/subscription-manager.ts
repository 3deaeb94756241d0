import type { Principal } from "../auth/principal";
import type { WebhookManager } from "../db/generated/client";

/**
 * Which client manages a subscription. Integrations see and replay only what
 * their own credential created: an API key its own subscriptions, an OAuth
 * client (an automation platform's app) its own across all of its users'
 * connections. A dashboard session manages dashboard subscriptions.
 */
export interface SubscriptionManager {
  managedBy: WebhookManager;
  apiKeyId: string | null;
  oauthClientDbId: string | null;
}

export const DASHBOARD_MANAGER: SubscriptionManager = { managedBy: "dashboard", apiKeyId: null, oauthClientDbId: null };

export function managerOf(principal: Principal): SubscriptionManager {
  if (principal.kind === "api_key" && principal.apiKeyId) {
    return { managedBy: "api_key", apiKeyId: principal.apiKeyId, oauthClientDbId: null };
  }
  if (principal.kind === "oauth" && principal.oauthClientDbId) {
    return { managedBy: "oauth_client", apiKeyId: null, oauthClientDbId: principal.oauthClientDbId };
  }
  return DASHBOARD_MANAGER;
}

/** The `where` that selects exactly one manager's subscriptions. */
export function managerWhere(manager: SubscriptionManager) {
  return { managedBy: manager.managedBy, managedByApiKeyId: manager.apiKeyId, managedByClientId: manager.oauthClientDbId };
}

/**
 * The public `managed_by` value: `dashboard`, `api` (an API key), or the OAuth
 * client's public id (the same value `GET /me` reports as `auth.clientId`), so
 * an app can recognise its own subscriptions. `oauth` if that client is gone.
 */
export function managedByLabel(row: { managedBy: WebhookManager; oauthClient: { clientId: string } | null }): string {
  if (row.managedBy === "dashboard") return "dashboard";
  if (row.managedBy === "api_key") return "api";
  return row.oauthClient?.clientId ?? "oauth";
}
