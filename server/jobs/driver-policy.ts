import type { DriverPolicy } from "./job-runtime";
import { INNGEST_HANDOFF_LEASE_MS } from "./lease";

/** The embedded poller runs what it claims at once, in this process, and releases a failed row for whoever claims it when due. */
export const EMBEDDED_POLICY: DriverPolicy = { lookAheadMs: 0, holdAfterFailureMs: null };

/**
 * Under Inngest the sweeper runs once a minute: it hands over work due within
 * the next 90 s (each run sleeps until its time), and a run that failed an
 * attempt keeps its row while it sleeps until the retry.
 */
export const INNGEST_POLICY: DriverPolicy = { lookAheadMs: 90_000, holdAfterFailureMs: INNGEST_HANDOFF_LEASE_MS };
