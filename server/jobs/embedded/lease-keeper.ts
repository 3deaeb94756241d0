import type { Db } from "../../db/client";
import { logger } from "../../system/logger";
import { releaseLeases, renewLeases, type LeaseHandle } from "../fair-claim";
import type { Clock } from "../job-clock";
import { heartbeatMsFor } from "../lease";

const keyOf = (lease: LeaseHandle) => `${lease.table}:${lease.id}`;

/**
 * The embedded driver's heartbeat: the leases of the work running in this
 * process are renewed every third of a lease (one statement per table), so a
 * claim lasts as long as its work and no longer than one lease after the
 * process dies. On shutdown, what is still running is handed back at once.
 */
export class LeaseKeeper {
  private readonly held = new Map<string, LeaseHandle>();
  private timer: NodeJS.Timeout | undefined;
  private renewing: Promise<void> | undefined;

  constructor(
    private readonly resolveDb: () => Promise<Db>,
    private readonly clock: Clock,
    private readonly leaseMs: number,
  ) {}

  get size(): number {
    return this.held.size;
  }

  /** Keeps `lease` alive until the returned function is called (the work recorded its outcome or stopped). */
  hold(lease: LeaseHandle): () => void {
    const key = keyOf(lease);
    this.held.set(key, lease);
    this.timer ??= setInterval(() => void this.renew(), heartbeatMsFor(this.leaseMs)).unref();
    return () => {
      this.held.delete(key);
      if (this.held.size === 0) this.stopTimer();
    };
  }

  private stopTimer(): void {
    clearInterval(this.timer);
    this.timer = undefined;
  }

  private renew(): Promise<void> {
    this.renewing ??= this.renewHeld().finally(() => (this.renewing = undefined));
    return this.renewing;
  }

  private async renewHeld(): Promise<void> {
    const snapshot = [...this.held.values()];
    if (snapshot.length === 0) return;
    try {
      const renewed = new Map((await renewLeases(await this.resolveDb(), this.clock, snapshot, this.leaseMs)).map((l) => [keyOf(l), l]));
      for (const lease of snapshot) {
        const key = keyOf(lease);
        if (this.held.get(key) !== lease) continue; // finished meanwhile
        const next = renewed.get(key);
        // Not renewed: the work recorded its outcome (the row's lease changed) or another worker took the row over.
        if (next) this.held.set(key, next);
        else this.held.delete(key);
      }
    } catch (error) {
      // The next heartbeat tries again; the lease still runs for two more of them.
      logger.warn("jobs.lease_renewal_failed", { leases: snapshot.length, error });
    }
  }

  /** Stops renewing and hands every held lease back: the rows are claimable at once by any instance. */
  async releaseAll(): Promise<number> {
    this.stopTimer();
    await this.renewing;
    const leases = [...this.held.values()];
    this.held.clear();
    if (leases.length === 0) return 0;
    return releaseLeases(await this.resolveDb(), leases);
  }
}
