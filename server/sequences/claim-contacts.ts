import type { Db } from "../db/client";
import { sqlNow, sqlNowPlus, type Clock } from "../jobs/job-clock";
import type { ClaimOptions } from "../jobs/job-definition";
import type { JobDriverKind } from "../jobs/job-runtime";

export interface ClaimedContact {
  contactId: string;
  organizationId: string;
  dispatchAt: Date;
  lockedUntil: Date;
}

/** Under Inngest the sweeper runs every minute: it hands over slots this far ahead and each run sleeps until its slot. */
export const INNGEST_LOOKAHEAD_MS = 90_000;

/**
 * Leases contacts whose slot has come (or, under Inngest, comes within the
 * look-ahead) of running sequences, plus in-progress contacts whose lease
 * expired (a worker died mid-dispatch: they finish even if the sequence was
 * paused since). The embedded driver dispatches at once, so its claim marks
 * them in progress; an Inngest run does that itself after sleeping.
 */
export async function claimDueContacts(db: Db, clock: Clock, driver: JobDriverKind, options: ClaimOptions): Promise<ClaimedContact[]> {
  const ahead = driver === "inngest" ? INNGEST_LOOKAHEAD_MS : 0;
  const starts = driver === "embedded";
  return db.$queryRaw<ClaimedContact[]>`
    WITH due AS (
      SELECT c."id" FROM "SequenceContact" c JOIN "Sequence" s ON s."id" = c."sequenceId"
      WHERE (c."status" = 'scheduled' AND s."status" = 'running' AND c."dispatchAt" <= ${sqlNowPlus(clock, ahead)}
             AND (c."lockedUntil" IS NULL OR c."lockedUntil" < ${sqlNow(clock)}))
         OR (c."status" = 'in_progress' AND c."lockedUntil" < ${sqlNow(clock)})
      ORDER BY c."dispatchAt" NULLS FIRST LIMIT ${options.limit}
      FOR UPDATE OF c SKIP LOCKED
    )
    UPDATE "SequenceContact" c SET
      "lockedUntil" = ${sqlNowPlus(clock, ahead + options.leaseMs)},
      "attempts" = c."attempts" + 1,
      "status" = CASE WHEN ${starts} THEN 'in_progress'::"SequenceContactStatus" ELSE c."status" END
    FROM due WHERE c."id" = due."id"
    RETURNING c."id" AS "contactId", c."organizationId", c."dispatchAt", c."lockedUntil"`;
}
