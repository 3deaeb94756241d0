import { defineScheduledJob } from "../jobs/job-definition";
import { escalateDueFirstTouches } from "./escalate-first-touch";

/**
 * Every minute, across every instance once: the first-touch deadlines that
 * ran out are escalated as their pools say (server/round-robin/escalate-first-touch.ts),
 * so a breach is acted on within a minute of its deadline.
 */
export const firstTouchEscalationJob = defineScheduledJob({
  id: "escalate-first-touch",
  name: "Round robin: escalate missed first-touch deadlines",
  retries: 3,
  schedule: { every: "minute" },
  async run(io, runtime) {
    const escalated = await io.run("escalate", () => escalateDueFirstTouches(runtime.db, runtime.clock));
    return { escalated };
  },
});
