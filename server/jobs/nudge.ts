import { logger } from "../system/logger";

/**
 * After a commit that queued work, the drivers are told so they pick it up
 * now rather than at their next poll or sweep. A driver registers its nudger
 * when it starts (the embedded poller wakes; the Inngest adapter sends its
 * sweep event). Nudging is an optimisation only: the rows are the truth and
 * every driver finds them on its own schedule.
 */
export type Nudger = (jobIds: readonly string[]) => void | Promise<void>;

const holder = globalThis as unknown as { inmoJobNudgers?: Set<Nudger> };
const nudgers = (holder.inmoJobNudgers ??= new Set());

/** Registers a nudger; returns its unregistration. */
export function registerNudger(nudger: Nudger): () => void {
  nudgers.add(nudger);
  return () => nudgers.delete(nudger);
}

/** Never throws and never waits on a driver: call it after commit, off the request's critical path. */
export function nudgeJobs(jobIds: Iterable<string>): void {
  const ids = [...jobIds];
  if (ids.length === 0) return;
  for (const nudger of nudgers) {
    void Promise.resolve()
      .then(() => nudger(ids))
      .catch((error: unknown) => logger.warn("jobs.nudge_failed", { jobIds: ids, error }));
  }
}
