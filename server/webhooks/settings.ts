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

export function deliverySettings(): DeliverySettings {
  return {
    allowPrivateTargets: process.env.WEBHOOK_ALLOW_PRIVATE_TARGETS === "true",
    timeoutMs: positiveInt(process.env.WEBHOOK_TIMEOUT_MS, DEFAULT_TIMEOUT_MS),
    extraCaFile: process.env.WEBHOOK_EXTRA_CA_FILE?.trim() || null,
  };
}

/**
 * Inngest drives background work when it is configured (an event key for
 * Inngest Cloud or a self-hosted server, or `INNGEST_DEV` for a dev server);
 * otherwise the embedded driver runs in the app process.
 */
export function isInngestConfigured(): boolean {
  const dev = process.env.INNGEST_DEV;
  return Boolean(process.env.INNGEST_EVENT_KEY) || (dev !== undefined && dev !== "" && dev !== "0" && dev !== "false");
}
