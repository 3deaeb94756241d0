import { defineScheduledJob } from "../jobs/job-definition";
import { planRunningSequences } from "./plan-dispatch";
import { PLAN_SEQUENCE_SLOTS_JOB_ID } from "./sequence-job-ids";

/**
 * Call-sequence pacing: every minute (and at once when a sequence is
 * launched or resumed), running sequences get slots for their next pending
 * contacts up to the planner's horizon (plan-dispatch.ts); the dispatch job
 * claims them as they come due.
 */
export const planSequenceSlotsJob = defineScheduledJob({
  id: PLAN_SEQUENCE_SLOTS_JOB_ID,
  name: "Plan call-sequence slots",
  retries: 3,
  schedule: { every: "minute" },
  async run(io, runtime) {
    const planned = await io.run("plan", () => planRunningSequences(runtime.db, runtime.clock));
    return { planned };
  },
});
