import type { Db } from "../db/client";
import { runInTransaction } from "../db/run-in-transaction";
import { sqlNow, type Clock } from "../jobs/job-clock";
import { defineScheduledJob } from "../jobs/job-definition";
import { queueMail } from "../mail/queue-mail";
import { renderMail, type MailTemplate } from "../mail/render-mail";
import { subjectText } from "../mail/subject-text";
import { appOrigin } from "../config/app-origin";

interface DigestParams {
  poolName: string;
  total: number;
  lines: string[];
  url: string;
  organizationName: string;
}

/** The follower's daily digest: how many leads the pool gave out in the last 24 hours, and to whom. */
export const followerDigestMail: MailTemplate<DigestParams> = (locale, p) =>
  locale === "es"
    ? {
        subject: subjectText(p.poolName) ? `Resumen diario de «${subjectText(p.poolName)}»: ${p.total} leads` : `Resumen diario: ${p.total} leads`,
        paragraphs: [`En las últimas 24 horas el round robin «${p.poolName}» asignó ${p.total} leads.`, ...p.lines],
        action: { label: "Ver el round robin", url: p.url },
        footer: `inmo · ${p.organizationName}`,
      }
    : {
        subject: subjectText(p.poolName) ? `Daily digest of “${subjectText(p.poolName)}”: ${p.total} leads` : `Daily digest: ${p.total} leads`,
        paragraphs: [`In the last 24 hours the round robin “${p.poolName}” assigned ${p.total} leads.`, ...p.lines],
        action: { label: "Open the round robin", url: p.url },
        footer: `inmo · ${p.organizationName}`,
      };

/**
 * Queues one digest per pool that has a follower, email notifications on and
 * at least one assignment in the 24 hours before the run; each pool's mail is
 * its own transaction (outbox), sent by the send-mail job. The schedule runs
 * it once a day across every instance.
 */
export async function queueFollowerDigests(db: Db, clock: Clock): Promise<number> {
  const since = await db.$queryRaw<{ since: Date }[]>`SELECT ${sqlNow(clock)} - interval '1 day' AS since`;
  const from = since[0]!.since;
  const pools = await db.roundRobinPool.findMany({
    where: { followerUserId: { not: null }, emailNotificationsEnabled: true, assignments: { some: { createdAt: { gte: from } } } },
    select: { id: true, name: true, organizationId: true, followerUserId: true, organization: { select: { name: true, locale: true } } },
  });
  let queued = 0;
  for (const pool of pools) {
    const follower = await db.membership.findFirst({
      where: { organizationId: pool.organizationId, userId: pool.followerUserId! },
      select: { user: { select: { email: true } } },
    });
    if (!follower) continue; // the follower left the organization
    const counts = await db.roundRobinAssignment.groupBy({
      by: ["assignedUserId"],
      where: { roundRobinId: pool.id, createdAt: { gte: from } },
      _count: { _all: true },
    });
    const users = await db.user.findMany({ where: { id: { in: counts.map((c) => c.assignedUserId) } }, select: { id: true, name: true } });
    const lines = counts
      .sort((a, b) => b._count._all - a._count._all)
      .map((c) => `${users.find((u) => u.id === c.assignedUserId)?.name ?? c.assignedUserId}: ${c._count._all}`);
    const total = counts.reduce((sum, c) => sum + c._count._all, 0);
    const url = new URL(`/routing/${pool.id}`, appOrigin()).toString();
    const message = renderMail(
      followerDigestMail,
      pool.organization.locale,
      { poolName: pool.name, total, lines, url, organizationName: pool.organization.name },
      follower.user.email,
    );
    await runInTransaction(db, (tx) => queueMail(tx, { organizationId: pool.organizationId, kind: "round_robin.digest", message }));
    queued++;
  }
  return queued;
}

export const followerDigestJob = defineScheduledJob({
  id: "round-robin-follower-digest",
  name: "Round robin: followers' daily digest",
  retries: 3,
  schedule: { every: "day", atHour: 7, atMinute: 0 },
  async run(io, runtime) {
    const queued = await io.run("queue-digests", () => queueFollowerDigests(runtime.db, runtime.clock));
    return { queued };
  },
});
