import type { EventType } from "../events/event-types";
import type { SubscriptionDisabledReason, WebhookManager } from "../db/generated/client";
import { managedByLabel } from "./subscription-manager";

/** The columns every subscription read selects; the secret never leaves the database through these. */
export const subscriptionSelect = {
  id: true,
  organizationId: true,
  name: true,
  targetUrl: true,
  event: true,
  externalId: true,
  managedBy: true,
  isActive: true,
  consecutiveFailures: true,
  failingSince: true,
  disabledReason: true,
  disabledAt: true,
  previousSecretExpiresAt: true,
  createdAt: true,
  updatedAt: true,
  oauthClient: { select: { clientId: true } },
} as const;

export interface SubscriptionRow {
  id: string;
  organizationId: string;
  name: string | null;
  targetUrl: string;
  event: string;
  externalId: string | null;
  managedBy: WebhookManager;
  isActive: boolean;
  consecutiveFailures: number;
  failingSince: Date | null;
  disabledReason: SubscriptionDisabledReason | null;
  disabledAt: Date | null;
  /** End of a secret rotation's overlap (may be past: then there is no overlap). */
  previousSecretExpiresAt: Date | null;
  createdAt: Date;
  updatedAt: Date;
  oauthClient: { clientId: string } | null;
}

/** A list item of the contract (snake_case). */
export interface ApiSubscription {
  id: string;
  target_url: string;
  events: string[];
  external_id: string | null;
  managed_by: string;
  is_active: boolean;
  created_at: string;
}

export function toApiSubscription(row: SubscriptionRow): ApiSubscription {
  return {
    id: row.id,
    target_url: row.targetUrl,
    events: [row.event],
    external_id: row.externalId,
    managed_by: managedByLabel(row),
    is_active: row.isActive,
    created_at: row.createdAt.toISOString(),
  };
}

/** The single read: the list item plus `event` (as on create) and `name`. */
export function toApiSubscriptionDetail(row: SubscriptionRow): ApiSubscription & { event: string; name: string | null } {
  return { ...toApiSubscription(row), event: row.event as EventType, name: row.name };
}
