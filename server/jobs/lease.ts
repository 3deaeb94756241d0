/**
 * How long an embedded claim holds its row (`JOB_LEASE_MS`, default 2 min).
 * A worker that dies mid-job loses its claims this long after taking them,
 * and another instance takes the work over. Every job keeps its own I/O
 * timeouts below half of it, so a live worker never outlasts its lease.
 */
export const DEFAULT_JOB_LEASE_MS = 2 * 60_000;
const MIN_JOB_LEASE_MS = 2_000;

export function jobLeaseMs(): number {
  const parsed = Number(process.env.JOB_LEASE_MS);
  return Number.isInteger(parsed) && parsed >= MIN_JOB_LEASE_MS ? parsed : DEFAULT_JOB_LEASE_MS;
}

/** The longest an operation inside a leased job may take. */
export function maxWorkMsUnderLease(): number {
  return Math.floor(jobLeaseMs() / 2);
}

/**
 * How long the Inngest sweeper's hand-over of a row to a run (and a sleeping
 * run's hold on its row) lasts. If the run vanishes, the row becomes
 * claimable again this long after it was due, and a new run takes over; a
 * late original run then finds its step superseded and stops.
 */
export const INNGEST_HANDOFF_LEASE_MS = 15 * 60_000;
