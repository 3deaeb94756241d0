import { defineScheduledJob } from "../jobs/job-definition";
import { warnDueSoonFirstTouches } from "./first-touch-notices";

/**
 * Every minute, across every instance once: owners whose first-touch
 * deadline runs out within two minutes are warned in the bell and by Web Push.
 */
export const warnFirstTouchDueJob = defineScheduledJob({
  id: "warn-first-touch-due",
  name: "Notifications: warn owners of first-touch deadlines due in 2 minutes",
  retries: 3,
  schedule: { every: "minute" },
  async run(io, runtime) {
    const warned = await io.run("warn", () => warnDueSoonFirstTouches(runtime.db, runtime.clock));
    return { warned };
  },
});
