import { Prisma } from "../db/generated/client";

/**
 * The time background work compares due times and leases against. In
 * production it is the database's `now()`, so every app instance agrees on
 * who holds a lease whatever its own clock says; tests hand in a clock of
 * their own (real time plus an offset they move) to walk schedules of hours
 * in milliseconds.
 */
export type Clock = (() => Date) & { readonly database?: true };

/** PostgreSQL's clock: SQL reads `now()`; `clock()` is only this process's estimate, for logs and durations. */
export const databaseClock: Clock = Object.assign(() => new Date(), { database: true as const });

/**
 * One instant for everything a statement computes from the clock: the
 * database's `now()` is already fixed for a transaction, an injected clock
 * is read once (two reads could differ by the milliseconds between them).
 */
export function pinnedClock(clock: Clock): Clock {
  if (clock.database) return clock;
  const at = clock();
  return () => new Date(at);
}

/** `now()` for the database clock, the injected instant otherwise. */
export function sqlNow(clock: Clock): Prisma.Sql {
  return clock.database ? Prisma.sql`now()` : Prisma.sql`${clock()}::timestamptz`;
}

/** `now() + ms`, on the same clock. */
export function sqlNowPlus(clock: Clock, ms: number): Prisma.Sql {
  return Prisma.sql`(${sqlNow(clock)} + ${ms}::double precision * interval '1 millisecond')`;
}
