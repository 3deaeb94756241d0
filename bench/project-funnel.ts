/**
 * `npx tsx bench/project-funnel.ts`: a project's funnel at 100,000 leads.
 * One organization of 100,000 realistic leads (bench/support/seed-realistic-leads.ts)
 * linked in halves to 10 projects of 20 units, a fifth with an interest naming a
 * project, and a timeline as the app writes it: a change entry for every lead (the
 * `updated` entries the holding rule must skip), a sheet view for a fifth, a
 * meeting for a tenth, a reservation for 1 in 100 and a sale for 1 in 300, spread
 * over 120 days. Measured, p50/p95 of 40 calls each, one at a time, for the periods
 * 30 days and quarter: the funnel through the dashboard door as the owner and as a
 * member under `own` visibility, the lead list's first page behind its biggest
 * number (`interested`), and beside them the bare baseline: a plain `pg` client
 * running the funnel's statement. Then EXPLAIN (ANALYZE, BUFFERS) of the funnel.
 * `BENCH_DATABASE_URL` puts the scratch database on that server; `BENCH_SCALE=0.1` seeds 10,000.
 */
import pg from "pg";
import { performance } from "node:perf_hooks";
import { configureForTests } from "../server/config/config";
import { Prisma } from "../server/db/generated/client";
import { periodStartSql } from "../server/home/home-period";
import { funnelStagesSql } from "../server/projects/funnel/funnel-stages-sql";
import { sessionCaller } from "../tests/dashboard/callers";
import { connect, seedMember, seedOrganization, seedProject } from "../tests/support/factories";
import { createBenchDatabase } from "./support/bench-database";
import { measure } from "./support/measure";
import { seedRealisticLeads } from "./support/seed-realistic-leads";

configureForTests({ INMO_LOG: process.env.INMO_LOG ?? "silent" });
const log = (line = "") => process.stdout.write(`${line}\n`);
const LEADS = Math.round(100_000 * Number(process.env.BENCH_SCALE ?? 1));
const CALLS = 40;
const TIME_ZONE = "America/Mexico_City";

async function main() {
  const database = await createBenchDatabase();
  const db = connect(database.url);
  const bare = new pg.Client({ connectionString: database.url });
  await bare.connect();
  try {
    const started = performance.now();
    const org = await seedOrganization(db, { name: "Funnel bench", timezone: TIME_ZONE, rateLimitExempt: true, maxLeads: null });
    const members: string[] = [];
    for (let i = 0; i < 10; i++) members.push((await seedMember(db, org.id, { name: `Agente ${i}` })).userId);
    const projects = [];
    for (let i = 0; i < 10; i++) projects.push(await seedProject(db, org.id, { name: `Torre ${i}`, units: Array.from({ length: 20 }, (_, u) => ({ name: `U-${u}` })) }));
    const projectIds = projects.map((p) => p.id);
    await seedRealisticLeads(database.url, [{ organizationId: org.id, count: LEADS, tag: 1, assigneeIds: members, projectIds }]);
    await bare.query(`ALTER TYPE "LeadActivityType" ADD VALUE IF NOT EXISTS 'unit_sheet_viewed'`);
    const spread = `now() - (abs(hashtext(l."id")) % 120) * interval '1 day'`;
    const unitOf = `(SELECT u."id" FROM "Unit" u WHERE u."projectId" = $2 ORDER BY u."id" OFFSET abs(hashtext(l."id")) % 20 LIMIT 1)`;
    await bare.query(
      `INSERT INTO "LeadInterest" ("leadId", "organizationId", "projectIds")
       SELECT l."id", l."organizationId", ARRAY[($2::text[])[1 + abs(hashtext(l."id" || 'i')) % 10]] FROM "Lead" l
       WHERE l."organizationId" = $1::uuid AND abs(hashtext(l."id")) % 5 = 0`,
      [org.id, projectIds],
    );
    await bare.query(
      `INSERT INTO "LeadActivity" ("id", "organizationId", "leadId", "type", "activityScope", "changes", "createdAt")
       SELECT 'act_u' || l."id", l."organizationId", l."id", 'updated', 'system', '{"temperature": {"from": null, "to": "warm"}}', ${spread}
       FROM "Lead" l WHERE l."organizationId" = $1::uuid`,
      [org.id],
    );
    await bare.query(
      `INSERT INTO "LeadActivity" ("id", "organizationId", "leadId", "type", "communicationType", "communicationDirection", "createdAt")
       SELECT 'act_m' || l."id", l."organizationId", l."id", 'meeting', 'meeting', 'outbound', ${spread}
       FROM "Lead" l WHERE l."organizationId" = $1::uuid AND abs(hashtext(l."id")) % 10 = 1`,
      [org.id],
    );
    for (const project of projectIds) {
      await bare.query(
        `INSERT INTO "LeadActivity" ("id", "organizationId", "leadId", "type", "message", "createdAt")
         SELECT 'act_v' || l."id", l."organizationId", l."id", 'unit_sheet_viewed',
                jsonb_build_object('key', 'unitSheetViewed', 'projectId', $2::text, 'unitId', ${unitOf}), ${spread}
         FROM "Lead" l WHERE l."organizationId" = $1::uuid AND l."projectId" = $2 AND abs(hashtext(l."id")) % 5 = 2`,
        [org.id, project],
      );
      for (const [status, every] of [["reserved", 100], ["sold", 300]] as const) {
        await bare.query(
          `INSERT INTO "LeadActivity" ("id", "organizationId", "leadId", "type", "activityScope", "changes", "createdAt")
           SELECT 'act_${status}' || l."id", l."organizationId", l."id", 'updated', 'system',
                  jsonb_build_object('unitStatus', jsonb_build_object('from', 'available', 'to', $3::text),
                                     'heldUnitId', jsonb_build_object('from', null, 'to', ${unitOf})), ${spread}
           FROM "Lead" l WHERE l."organizationId" = $1::uuid AND l."projectId" = $2 AND abs(hashtext(l."id")) % ${every} = 3`,
          [org.id, project, status],
        );
      }
    }
    for (const table of ["Lead", "LeadActivity", "LeadInterest", "Unit"]) await bare.query(`VACUUM ANALYZE "${table}"`);
    const { rows: sizes } = await bare.query<{ activities: string }>(`SELECT count(*) AS activities FROM "LeadActivity"`);
    log(`${database.describe}: seeded ${LEADS.toLocaleString("en")} leads, ${Number(sizes[0]!.activities).toLocaleString("en")} timeline entries in ${((performance.now() - started) / 1000).toFixed(1)} s`);

    await db.organization.update({ where: { id: org.id }, data: { leadVisibility: "own" } });
    const owner = await sessionCaller(db, org.ownerId, org.id);
    const agent = await sessionCaller(db, members[0]!, org.id);
    // Odd-numbered seeded leads are linked to projects 2, 4, …: the second project has its share.
    const projectId = projectIds[1]!;
    const sample = await owner.projects.funnel({ projectId, period: "quarter" });
    log(`quarter, owner: ${sample.stages.map((s) => `${s.stage} ${s.count}`).join(" → ")}`);

    const rows = [];
    for (const period of ["30d", "quarter"] as const) {
      const statement = Prisma.sql`SELECT f."stage", count(*) FROM (${funnelStagesSql({ organizationId: org.id, projectId, since: periodStartSql(period, TIME_ZONE, new Date()), now: new Date() })}) f
        JOIN "Lead" l ON l."id" = f."leadId" AND l."organizationId" = ${org.id}::uuid GROUP BY 1`;
      const scenarios: [string, () => Promise<boolean>][] = [
        ["funnel, owner (dashboard door)", async () => (await owner.projects.funnel({ projectId, period })).stages.length === 5],
        ["funnel, member under own", async () => (await agent.projects.funnel({ projectId, period })).stages.length === 5],
        [
          "lead list behind `interested`, first page",
          async () => (await owner.leads.list({ funnelProjectId: projectId, funnelStage: "interested", funnelPeriod: period, limit: 20 })).data.length > 0,
        ],
        ["bare baseline: pg, the funnel's statement", async () => (await bare.query(statement.text, statement.values)).rowCount! > 0],
      ];
      for (const [name, call] of scenarios) {
        await call();
        const m = await measure(name, call, { requests: CALLS, concurrency: 1 });
        rows.push({ scenario: name, period, p50: m.p50, p95: m.p95, failures: m.failures });
      }
    }
    console.table(rows);
    const since = periodStartSql("quarter", TIME_ZONE, new Date());
    const plan = await db.$queryRaw<{ "QUERY PLAN": string }[]>(Prisma.sql`EXPLAIN (ANALYZE, BUFFERS)
      SELECT f."stage", count(*) FROM (${funnelStagesSql({ organizationId: org.id, projectId, since, now: new Date() })}) f GROUP BY 1`);
    log("\nEXPLAIN (ANALYZE, BUFFERS) of the quarter's funnel:");
    for (const row of plan) log(row["QUERY PLAN"]);
  } finally {
    await bare.end();
    await db.$disconnect();
    await database.dispose();
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exitCode = 1;
});
