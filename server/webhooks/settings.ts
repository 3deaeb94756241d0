import { config } from "../config/config";

/** Operator settings of the webhook engine (server/config; meanings in the README). */

export interface DeliverySettings {
  /** `WEBHOOK_ALLOW_PRIVATE_TARGETS=true`: let targets resolve to loopback/private addresses (development only). */
  allowPrivateTargets: boolean;
  /** `WEBHOOK_TIMEOUT_MS`: one attempt's budget, from connect to the end of the (bounded) response read. */
  timeoutMs: number;
  /**
   * `WEBHOOK_EXTRA_CA_FILE`: a PEM file of extra certificate authorities the sender trusts in addition to
   * the system store (a company CA, or a test receiver's). Unset in production: only the system store is used.
   */
  extraCaFile: string | null;
}

/** Deliveries of one organization in flight at once (claimed, not yet recorded), so one tenant's slow endpoints cannot take every worker. */
export function deliveryConcurrencyPerOrganization(): number {
  return config().WEBHOOK_CONCURRENCY_PER_ORGANIZATION;
}

export function deliverySettings(): DeliverySettings {
  const settings = config();
  return {
    allowPrivateTargets: settings.WEBHOOK_ALLOW_PRIVATE_TARGETS,
    // The claim's heartbeat keeps its lease for as long as the attempt takes.
    timeoutMs: settings.WEBHOOK_TIMEOUT_MS,
    extraCaFile: settings.WEBHOOK_EXTRA_CA_FILE ?? null,
  };
}
