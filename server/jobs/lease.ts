import { config } from "../config/config";

/**
 * Leases of the embedded driver. A claim holds its row for `JOB_LEASE_MS`
 * (default 15 s) and the driver renews it every third of that while the work
 * runs (the heartbeat), so a live worker keeps its rows however long the work
 * takes, and the rows of a killed instance are claimed by another one at most
 * one lease after its last heartbeat.
 */
export function jobLeaseMs(): number {
  return config().JOB_LEASE_MS;
}

/** How often a running claim's lease is renewed: three heartbeats per lease, so one late or failed renewal loses nothing. */
export function heartbeatMsFor(leaseMs: number): number {
  return Math.max(500, Math.floor(leaseMs / 3));
}

/**
 * How long an instance that is asked to stop (SIGTERM, Ctrl-C) lets the work
 * it holds finish before it hands the rest back (`SHUTDOWN_TIMEOUT_MS`,
 * default 10 s).
 */
export function shutdownTimeoutMs(): number {
  return config().SHUTDOWN_TIMEOUT_MS;
}

/**
 * How long the Inngest sweeper's hand-over of a row to a run (and a sleeping
 * run's hold on its row) lasts. If the run vanishes, the row becomes
 * claimable again this long after it was due, and a new run takes over; a
 * late original run then finds its step superseded and stops.
 */
export const INNGEST_HANDOFF_LEASE_MS = 15 * 60_000;
