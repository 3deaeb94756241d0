/**
 * The time the API's second and minute windows are counted on (the job
 * clock's shape, server/jobs/job-clock.ts: a function returning the instant).
 * This process's clock in production; tests hand in one they hold still and
 * move by hand, so a window stays the same window however slow the machine
 * (rate-limiter-flexible reads Date.now() and expires counts with real timers
 * and Redis TTLs, which no clock of ours can hold).
 */
export type WindowClock = () => Date;

const realClock: WindowClock = () => new Date();

const holder = globalThis as unknown as { inmoWindowClock?: WindowClock };

export function windowClock(): WindowClock {
  return holder.inmoWindowClock ?? realClock;
}

/** Tests only: count the windows on `clock` (null: real time again). */
export function useWindowClock(clock: WindowClock | null): void {
  holder.inmoWindowClock = clock ?? undefined;
}
