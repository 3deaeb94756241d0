import { Prisma } from "../db/generated/client";

/**
 * An endpoint that has failed without a single success for days is dead, not
 * flaky: it is disabled once its failures span AUTO_DISABLE_AFTER_DAYS (the
 * first failure of the run at least that long ago) and number at least
 * AUTO_DISABLE_MIN_FAILURES, so a short outage or a single slow retry chain
 * never disables anything. Settings shows why and since when; enabling it
 * again resumes delivery with a fresh streak.
 */
export const AUTO_DISABLE_AFTER_DAYS = 3;
export const AUTO_DISABLE_MIN_FAILURES = 6;

/** True (in SQL, over the subscription `s` before this failure) when the failure being recorded should disable it. */
export function disableAfterFailingFor(now: Prisma.Sql): Prisma.Sql {
  return Prisma.sql`(s."isActive" AND s."consecutiveFailures" + 1 >= ${AUTO_DISABLE_MIN_FAILURES}::int
    AND COALESCE(s."failingSince", ${now}) <= ${now} - ${AUTO_DISABLE_AFTER_DAYS}::int * interval '1 day')`;
}
