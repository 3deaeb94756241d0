/**
 * Operator settings of the webhook engine, read from the environment each
 * time they are needed so tests (and a reconfigured process) see changes
 * without a restart.
 */

/** Default per-attempt timeout: the contract says "a few seconds"; 10 s covers slow receivers without tying up workers. */
export const DEFAULT_TIMEOUT_MS = 10_000;

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

function positiveInt(value: string | undefined, fallback: number): number {
  const parsed = Number(value);
  return Number.isInteger(parsed) && parsed > 0 ? parsed : fallback;
}

/** Deliveries of one organization in flight at once (claimed, not yet recorded), so one tenant's slow endpoints cannot take every worker. */
export const DEFAULT_CONCURRENCY_PER_ORGANIZATION = 32;

export function deliveryConcurrencyPerOrganization(): number {
  return positiveInt(process.env.WEBHOOK_CONCURRENCY_PER_ORGANIZATION, DEFAULT_CONCURRENCY_PER_ORGANIZATION);
}

export function deliverySettings(): DeliverySettings {
  return {
    allowPrivateTargets: process.env.WEBHOOK_ALLOW_PRIVATE_TARGETS === "true",
    // The claim's heartbeat keeps its lease for as long as the attempt takes.
    timeoutMs: positiveInt(process.env.WEBHOOK_TIMEOUT_MS, DEFAULT_TIMEOUT_MS),
    extraCaFile: process.env.WEBHOOK_EXTRA_CA_FILE?.trim() || null,
  };
}
