import { Prisma } from "../db/generated/client";
import type { Db } from "../db/client";
import { jobRegistry } from "../jobs/registry";
import { metrics } from "./metrics";

/**
 * Job backlog and age per kind, from the rows themselves (the database is the
 * queue): for every row-claimed job, how many rows are open and due now, and
 * how long the oldest has waited. One small query per job at each scrape,
 * over the same predicates and indexes the claims use.
 */
export async function collectBacklog(db: Db): Promise<void> {
  const { jobBacklog, jobOldestDue } = metrics();
  for (const job of jobRegistry) {
    if (job.kind !== "row-claimed") continue;
    const { source } = job;
    const [row] = await db.$queryRaw<{ n: number; oldest: number | null }[]>`
      SELECT count(*)::int AS n, EXTRACT(EPOCH FROM now() - min(${source.dueAt}))::float8 AS oldest
      FROM ${Prisma.raw(`"${source.table}"`)} t
      WHERE ${source.open} AND ${source.dueAt} <= now()`;
    jobBacklog.set({ job: job.id }, row?.n ?? 0);
    jobOldestDue.set({ job: job.id }, Math.max(0, row?.oldest ?? 0));
  }
}
