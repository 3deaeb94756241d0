/**
 * `npx tsx bench/home-widgets.ts`: each home widget's procedure on an
 * organization of 200,000 leads (BENCH_LEADS) over 12 months (timeline
 * entries, won/lost changes, round-robin assignments), for the periods 30
 * days and quarter; p50/p95 of 25 calls each through the dashboard door,
 * against the 50 ms budget, and of 25 whole home pages (every widget at once,
 * as the page asks for them) against 300 ms. `BENCH_DATABASE_URL` puts the
 * scratch database on that server.
 */
import { performance } from "node:perf_hooks";
import { sessionCaller } from "../tests/dashboard/callers";
import { connect, seedMember, seedOrganization } from "../tests/support/factories";
import { createBenchDatabase } from "./support/bench-database";
import { measure } from "./support/measure";
import { configureForTests } from "../server/config/config";

configureForTests({ INMO_LOG: process.env.INMO_LOG ?? "silent" });
const log = (line = "") => process.stdout.write(`${line}\n`);
const LEADS = Number(process.env.BENCH_LEADS ?? 200_000);

async function main() {
  const database = await createBenchDatabase();
  const db = connect(database.url);
  try {
    const org = await seedOrganization(db, { name: "Home bench", timezone: "America/Mexico_City", rateLimitExempt: true, maxLeads: null });
    const started = performance.now();
    const members = [];
    for (let i = 0; i < 10; i++) members.push((await seedMember(db, org.id, { name: `Agent ${i}` })).userId);
    const owner = await sessionCaller(db, org.ownerId, org.id);
    const pool = await owner.roundRobin.create({ name: "Bench pool", participantIds: members.slice(0, 5) });
    await db.$executeRaw`
      INSERT INTO "Lead" ("id", "organizationId", "email", "status", "source", "stageId", "estimatedValue", "assignedToId", "createdAt", "updatedAt")
      SELECT 'lead_bench' || i, ${org.id}::uuid, 'b' || i || '@example.test',
        (ARRAY['new','contacted','qualified','won','lost'])[1 + i % 5]::"LeadStatus",
        (ARRAY['website','referral','event','advertising','other'])[1 + (i / 7) % 5]::"LeadSource",
        (SELECT s."id" FROM "PipelineStage" s WHERE s."organizationId" = ${org.id}::uuid ORDER BY s."order" OFFSET (i % 6) LIMIT 1),
        (i % 100) * 1000, (${members}::uuid[])[1 + i % 10], now() - (i % 365) * interval '1 day' - (i % 1440) * interval '1 minute', now()
      FROM generate_series(1, ${LEADS}::int) i`;
    await db.$executeRaw`
      INSERT INTO "LeadActivity" ("id", "organizationId", "leadId", "type", "communicationType", "communicationDirection", "createdAt")
      SELECT 'act_benchc' || l."id", ${org.id}::uuid, l."id", 'call', 'call', 'outbound', l."createdAt" + interval '3 hours'
      FROM "Lead" l WHERE l."organizationId" = ${org.id}::uuid AND l."status" <> 'new'`;
    await db.$executeRaw`
      INSERT INTO "LeadActivity" ("id", "organizationId", "leadId", "type", "activityScope", "changes", "createdAt")
      SELECT 'act_benchs' || l."id", ${org.id}::uuid, l."id", 'status_changed', 'system',
        jsonb_build_object('status', jsonb_build_object('from', 'contacted', 'to', l."status"::text)), l."createdAt" + interval '2 days'
      FROM "Lead" l WHERE l."organizationId" = ${org.id}::uuid AND l."status" IN ('won', 'lost')`;
    await db.$executeRaw`
      INSERT INTO "RoundRobinAssignment" ("id", "organizationId", "roundRobinId", "leadId", "assignedUserId", "source", "turnOrder", "createdAt")
      SELECT gen_random_uuid(), ${org.id}::uuid, ${pool.id}::uuid, l."id", l."assignedToId", 'system', 1, l."createdAt"
      FROM "Lead" l WHERE l."organizationId" = ${org.id}::uuid AND random() < 0.5`;
    // As autovacuum leaves a table in steady state: statistics and the visibility map (index-only scans).
    for (const table of ["Lead", "LeadActivity", "RoundRobinAssignment"]) await db.$executeRawUnsafe(`VACUUM ANALYZE "${table}"`);

    log(`${database.describe}: seeded ${LEADS.toLocaleString("en")} leads with a year of activity in ${((performance.now() - started) / 1000).toFixed(1)} s`);

    const agent = await sessionCaller(db, members[0]!, org.id);
    const widgets = {
      myAttention: agent.home.myAttention,
      newLeadsBySource: agent.home.newLeadsBySource,
      pipelineFunnel: agent.home.pipelineFunnel,
      wonLost: agent.home.wonLost,
      leadsPerMember: agent.home.leadsPerMember,
      assignmentsByPool: agent.home.assignmentsByPool,
      responseTime: agent.home.responseTime,
    };
    const rows = [];
    for (const period of ["30d", "quarter"] as const) {
      for (const [name, call] of Object.entries(widgets)) {
        await call({ period });
        const m = await measure(name, async () => (await call({ period }), true), { requests: 25, concurrency: 1 });
        rows.push({ widget: name, period, p50: m.p50, p95: m.p95, "within 50 ms": m.p95 <= 50 ? "yes" : "NO", failures: m.failures });
      }
    }
    console.table(rows);
    // The home page as a browser loads it: every widget at once (one tRPC batch), the page done when the last answers.
    const page = async (period: "30d" | "quarter") => {
      await Promise.all([...Object.values(widgets).map((call) => call({ period })), agent.home.myCalls({}), agent.home.myMeetings({})]);
      return true;
    };
    const pages = [];
    for (const period of ["30d", "quarter"] as const) {
      await page(period);
      const m = await measure(`home page ${period}`, () => page(period), { requests: 25, concurrency: 1 });
      pages.push({ page: `all widgets, ${period}`, p50: m.p50, p95: m.p95, "within 300 ms": m.p95 <= 300 ? "yes" : "NO", failures: m.failures });
    }
    console.table(pages);
  } finally {
    await db.$disconnect();
    await database.dispose();
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
