import { defineScheduledJob } from "../job-definition";
import { sqlNow } from "../job-clock";

/** Finished deferred jobs (done, failed, cancelled) are kept this long for operators, then deleted. */
export const DEFERRED_JOB_RETENTION_DAYS = 30;
const BATCH = 5_000;
const MAX_BATCHES = 100;

/** Retention of the deferred-job table, in batches so no statement holds locks for long; pending jobs are never pruned. */
export const pruneDeferredJobsJob = defineScheduledJob({
  id: "prune-deferred-jobs",
  name: "Prune finished deferred jobs",
  retries: 3,
  schedule: { every: "hour", atMinute: 53 },
  async run(io, runtime) {
    let deleted = 0;
    for (let batch = 1; batch <= MAX_BATCHES; batch++) {
      const count = await io.run(`prune-${batch}`, () =>
        runtime.db.$executeRaw`
          DELETE FROM "DeferredJob" WHERE "id" IN (
            SELECT "id" FROM "DeferredJob"
            WHERE "status" IN ('done', 'failed', 'cancelled')
              AND "completedAt" < ${sqlNow(runtime.clock)} - ${DEFERRED_JOB_RETENTION_DAYS}::int * interval '1 day'
            LIMIT ${BATCH}::int)`,
      );
      deleted += count;
      if (count < BATCH) break;
    }
    return { deleted };
  },
});
