import type { Clock } from "../../../server/jobs/job-clock";

/**
 * Real time plus an offset the test moves forward, so a test walks a 14-hour
 * schedule in milliseconds while rows written with the real time (events,
 * deliveries) still compare as they would in production.
 */
export function createManualClock() {
  let offset = 0;
  const clock: Clock = () => new Date(Date.now() + offset);
  return {
    clock,
    advance(ms: number) {
      offset += ms;
    },
  };
}
