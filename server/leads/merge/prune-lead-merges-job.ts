import { sqlNow } from "../../jobs/job-clock";
import { defineScheduledJob } from "../../jobs/job-definition";
import { MERGE_UNDO_DAYS } from "./undo-merge";

const BATCH = 1_000;
const MAX_BATCHES = 100;

/**
 * A merge can be undone for 30 days; after that its snapshot (the merged-away
 * rows and what moved) is dropped, in batches so no statement holds locks for
 * long. The merge itself stays (history, and the 404 that names the survivor).
 */
export const pruneLeadMergesJob = defineScheduledJob({
  id: "prune-lead-merges",
  name: "Prune merge snapshots past their undo window",
  retries: 3,
  schedule: { every: "day", atHour: 3, atMinute: 41 },
  async run(io, runtime) {
    let pruned = 0;
    for (let batch = 1; batch <= MAX_BATCHES; batch++) {
      const count = await io.run(`prune-${batch}`, () =>
        runtime.db.$executeRaw`
          UPDATE "LeadMerge" SET "snapshot" = NULL WHERE "id" IN (
            SELECT "id" FROM "LeadMerge"
            WHERE "snapshot" IS NOT NULL
              AND "createdAt" < ${sqlNow(runtime.clock)} - ${MERGE_UNDO_DAYS}::int * interval '1 day'
            ORDER BY "createdAt" LIMIT ${BATCH}::int)`,
      );
      pruned += count;
      if (count < BATCH) break;
    }
    return { pruned };
  },
});
