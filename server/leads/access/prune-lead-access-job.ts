import { sqlNow } from "../../jobs/job-clock";
import { defineScheduledJob } from "../../jobs/job-definition";

/** Who viewed or exported which leads is kept this long, then deleted. */
export const LEAD_ACCESS_RETENTION_DAYS = 90;
const BATCH = 5_000;
const MAX_BATCHES = 100;

/** Retention of the lead access audit, oldest first, in batches so no statement holds locks for long. */
export const pruneLeadAccessJob = defineScheduledJob({
  id: "prune-lead-access",
  name: "Prune the lead access audit",
  retries: 3,
  schedule: { every: "day", atHour: 3, atMinute: 23 },
  async run(io, runtime) {
    let deleted = 0;
    for (let batch = 1; batch <= MAX_BATCHES; batch++) {
      const count = await io.run(`prune-${batch}`, () =>
        runtime.db.$executeRaw`
          DELETE FROM "LeadAccess" WHERE "id" IN (
            SELECT "id" FROM "LeadAccess"
            WHERE "createdAt" < ${sqlNow(runtime.clock)} - ${LEAD_ACCESS_RETENTION_DAYS}::int * interval '1 day'
            ORDER BY "createdAt" LIMIT ${BATCH}::int)`,
      );
      deleted += count;
      if (count < BATCH) break;
    }
    return { deleted };
  },
});
