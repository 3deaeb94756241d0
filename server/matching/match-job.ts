import { z } from "zod";
import type { DbTx } from "../db/client";
import { Prisma } from "../db/generated/client";
import { deferredJobInsert, defineDeferredJob, scheduleDeferredJob } from "../jobs/deferred/deferred-job";
import { unitFitsInterestSql, unitOffersSql } from "./match-rules";
import { notifyNewMatches } from "./notify-new-matches";
import { scheduleMatchedUnitSends } from "./send-matched-unit-job";

/**
 * The matching job: after a unit is created or changed, or a lead's interest
 * changes, the pairs that now fit are recorded in `UnitMatch` with the time
 * they were first found (a pair found before is left as it was). Recorded
 * pairs are what "a new match" means to whatever acts on matches, so a pair
 * is acted on once. Scheduled in the writer's transaction, due at once: the
 * embedded driver and Inngest pick it up within seconds. The owners of leads
 * with new matches are notified, and the sends of units to consenting leads
 * queued, in the same transaction (notify-new-matches.ts, send-matched-unit-job.ts).
 */
const UNITS_PER_RUN = 500;

const payload = z.union([
  z.object({ unitIds: z.array(z.string()).min(1).max(UNITS_PER_RUN) }),
  z.object({ leadId: z.string() }),
]);
type MatchWork = z.infer<typeof payload>;

export const matchJob = defineDeferredJob<MatchWork>({
  kind: "match-units-and-leads",
  payload,
  async run({ db, principal }, { payload: work }) {
    const organizationId = principal.organizationId;
    await db.$transaction(async (tx) => {
      const pairs = await recordNewMatches(tx, organizationId, work);
      await notifyNewMatches(tx, organizationId, pairs);
      await scheduleMatchedUnitSends(tx, organizationId, pairs);
    });
  },
});

/** The pairs of the work that fit now and were never recorded, recorded; returns them (newest facts for whoever acts on matches). */
export async function recordNewMatches(
  db: Pick<DbTx, "$queryRaw">,
  organizationId: string,
  work: MatchWork,
): Promise<{ unitId: string; leadId: string }[]> {
  const organization = Prisma.sql`u."organizationId" = ${organizationId}::uuid`;
  const pairs =
    "unitIds" in work
      ? Prisma.sql`
          SELECT o."unitId", li."leadId" FROM ${unitOffersSql(Prisma.sql`${organization} AND u."id" = ANY(${work.unitIds}::text[])`)} o
          JOIN "LeadInterest" li ON li."organizationId" = o."organizationId"
          WHERE ${unitFitsInterestSql}`
      : Prisma.sql`
          SELECT o."unitId", li."leadId" FROM "LeadInterest" li
          JOIN ${unitOffersSql(organization)} o ON o."organizationId" = li."organizationId"
          WHERE li."leadId" = ${work.leadId} AND li."organizationId" = ${organizationId}::uuid AND ${unitFitsInterestSql}`;
  return db.$queryRaw<{ unitId: string; leadId: string }[]>`
    INSERT INTO "UnitMatch" ("organizationId", "unitId", "leadId")
    SELECT ${organizationId}::uuid, pair."unitId", pair."leadId" FROM (${pairs}) pair
    ON CONFLICT ("unitId", "leadId") DO NOTHING
    RETURNING "unitId", "leadId"`;
}

/** Queues matching for units just created or changed (in batches of 500), in the writer's transaction. */
export async function scheduleUnitMatching(tx: DbTx, organizationId: string, unitIds: string[]): Promise<void> {
  for (let start = 0; start < unitIds.length; start += UNITS_PER_RUN) {
    await scheduleDeferredJob(tx, matchJob, { organizationId, payload: { unitIds: unitIds.slice(start, start + UNITS_PER_RUN) }, runAt: { afterMs: 0 } });
  }
}

/** Queues matching for a lead whose interest was set or changed, in the writer's transaction. */
export async function scheduleLeadMatching(tx: DbTx, organizationId: string, leadId: string): Promise<void> {
  await scheduleDeferredJob(tx, matchJob, leadMatchingWork(organizationId, leadId));
}

/** The same job as its insert, for a lead's create, which sends it with the lead's story (server/leads/lead-story.ts). */
export function leadMatchingInsert(organizationId: string, leadId: string): Prisma.Sql {
  return deferredJobInsert(matchJob, leadMatchingWork(organizationId, leadId));
}

function leadMatchingWork(organizationId: string, leadId: string) {
  return { organizationId, payload: { leadId }, runAt: { afterMs: 0 }, key: leadId };
}
