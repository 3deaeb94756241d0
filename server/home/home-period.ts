import { Prisma } from "../db/generated/client";
import type { HomePeriod } from "./home-period-names";

export { HOME_PERIODS, type HomePeriod } from "./home-period-names";

/** The organization's time zone, or UTC when it has none (or an unknown name). */
export function homeTimeZone(timezone: string | null): string {
  if (!timezone) return "UTC";
  try {
    new Intl.DateTimeFormat("en", { timeZone: timezone });
    return timezone;
  } catch {
    return "UTC";
  }
}

/**
 * SQL for the instant the period starts, computed by PostgreSQL in the
 * organization's zone so local midnights (and DST changes) are exact:
 * today = since local midnight; 7d/30d = the last 7/30 local days including
 * today; quarter = since the first day of the local calendar quarter.
 */
export function periodStartSql(period: HomePeriod, timeZone: string, now: Date): Prisma.Sql {
  const local = Prisma.sql`(${now}::timestamptz AT TIME ZONE ${timeZone})`;
  switch (period) {
    case "today":
      return Prisma.sql`(date_trunc('day', ${local}) AT TIME ZONE ${timeZone})`;
    case "7d":
      return Prisma.sql`((date_trunc('day', ${local}) - interval '6 days') AT TIME ZONE ${timeZone})`;
    case "30d":
      return Prisma.sql`((date_trunc('day', ${local}) - interval '29 days') AT TIME ZONE ${timeZone})`;
    case "quarter":
      return Prisma.sql`(date_trunc('quarter', ${local}) AT TIME ZONE ${timeZone})`;
  }
}

/** What every widget procedure receives. */
export interface HomeWindow {
  period: HomePeriod;
  /** The moment "now" is taken at (tests pin it). */
  now?: Date;
}
