import type { Clock } from "../../../server/webhooks/clock";

/** A clock that starts at real time and moves only when told, so tests walk a 14-hour schedule in milliseconds. */
export function createManualClock(start = new Date()) {
  let offset = 0;
  const base = start.getTime();
  const clock: Clock = () => new Date(base + offset);
  return {
    clock,
    advance(ms: number) {
      offset += ms;
    },
  };
}
