import { defineScheduledJob } from "../jobs/job-definition";
import { pruneExpiredIdempotentRequests } from "./idempotency";

const BATCH = 5_000;
const MAX_BATCHES = 100;

/** Deletes the answers kept for `Idempotency-Key` retries once their 24 hours are over, in batches. */
export const pruneIdempotentRequestsJob = defineScheduledJob({
  id: "prune-idempotent-requests",
  name: "Prune expired idempotency keys",
  retries: 3,
  schedule: { every: "hour", atMinute: 41 },
  async run(io, runtime) {
    let deleted = 0;
    for (let batch = 1; batch <= MAX_BATCHES; batch++) {
      const count = await io.run(`prune-${batch}`, () => pruneExpiredIdempotentRequests(runtime.db, BATCH));
      deleted += count;
      if (count < BATCH) break;
    }
    return { deleted };
  },
});
