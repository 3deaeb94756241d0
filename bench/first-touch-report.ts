/**
 * `npx tsx bench/first-touch-report.ts`: the speed-to-lead report
 * (`reports.firstTouch`, the procedure behind GET /reports/first-touch) on an
 * organization of 100,000 leads (BENCH_LEADS) over a year, every lead with a
 * first-touch deadline, most touched, one in five breached, spread over 10
 * reps, 5 sources, 2 pools and 4 projects; p50/p95 of 25 calls for the periods
 * 30 days and quarter, as an owner (the organization) and as a member under
 * `own` visibility, beside a bare baseline in the same run: one count of the
 * same period's leads (the scan the report cannot avoid). `BENCH_DATABASE_URL`
 * puts the scratch database on that server.
 */
import { performance } from "node:perf_hooks";
import { sessionCaller } from "../tests/dashboard/callers";
import { connect, seedMember, seedOrganization } from "../tests/support/factories";
import { createBenchDatabase } from "./support/bench-database";
import { measure } from "./support/measure";
import { configureForTests } from "../server/config/config";

configureForTests({ INMO_LOG: process.env.INMO_LOG ?? "silent" });
const log = (line = "") => process.stdout.write(`${line}\n`);
const LEADS = Number(process.env.BENCH_LEADS ?? 100_000);
const NAMES = ["María González", "José Rodríguez", "Ana Martínez", "Luis Hernández", "Carmen López", "Jorge Pérez", "Lucía García", "Carlos Sánchez", "Rosa Ramírez", "Miguel Torres"];

async function main() {
  const database = await createBenchDatabase();
  const db = connect(database.url);
  try {
    const org = await seedOrganization(db, { name: "Speed-to-lead bench", timezone: "America/Bogota", rateLimitExempt: true, maxLeads: null });
    const started = performance.now();
    const members: string[] = [];
    for (const name of NAMES) members.push((await seedMember(db, org.id, { name })).userId);
    const owner = await sessionCaller(db, org.ownerId, org.id);
    const pools = [
      (await owner.roundRobin.create({ name: "Preventa Norte", participantIds: members.slice(0, 5) })).id,
      (await owner.roundRobin.create({ name: "Preventa Sur", participantIds: members.slice(5) })).id,
    ];
    for (let p = 0; p < 4; p++) {
      await db.$executeRaw`INSERT INTO "Project" ("id", "organizationId", "name", "updatedAt") VALUES (${`prj_bench${String(p).padStart(19, "0")}`}, ${org.id}::uuid, ${`Torre ${p + 1}`}, now())`;
    }
    await db.$executeRaw`
      INSERT INTO "Lead" ("id", "organizationId", "firstName", "lastName", "email", "status", "source", "assignedToId", "roundRobinId", "projectId",
        "createdAt", "updatedAt", "firstTouchDueAt", "firstTouchAt", "firstTouchBreachedAt", "firstTouchBreaches")
      SELECT 'lead_bench' || i, ${org.id}::uuid,
        (ARRAY['María','José','Ana','Luis','Carmen','Jorge','Lucía','Carlos','Rosa','Miguel'])[1 + i % 10],
        (ARRAY['González','Rodríguez','Martínez','Hernández','López','Pérez','García','Sánchez'])[1 + (i / 10) % 8],
        'b' || i || '@example.test', 'new'::"LeadStatus",
        (ARRAY['website','referral','event','advertising','other'])[1 + (i / 7) % 5]::"LeadSource",
        (${members}::uuid[])[1 + i % 10], (${pools}::uuid[])[1 + (i % 10) / 5],
        'prj_bench' || lpad(((i / 3) % 4)::text, 19, '0'),
        c, now(), c + interval '5 minutes',
        CASE WHEN i % 13 = 0 THEN NULL ELSE c + ((i % 40) * interval '1 minute') END,
        CASE WHEN i % 5 = 0 THEN c + interval '5 minutes' END,
        CASE WHEN i % 5 = 0 THEN 1 ELSE 0 END
      FROM generate_series(1, ${LEADS}::int) i, LATERAL (SELECT now() - (i % 365) * interval '1 day' - (i % 1440) * interval '1 minute' AS c) t`;
    await db.$executeRawUnsafe(`VACUUM ANALYZE "Lead"`);
    log(`${database.describe}: seeded ${LEADS.toLocaleString("en")} leads over a year in ${((performance.now() - started) / 1000).toFixed(1)} s`);

    const member = await sessionCaller(db, members[0]!, org.id);
    const rows = [];
    for (const period of ["30d", "quarter"] as const) {
      const bare = async () => {
        await db.$queryRaw`SELECT count(*) FROM "Lead" l WHERE l."organizationId" = ${org.id}::uuid
          AND l."createdAt" >= now() - ${period === "30d" ? 30 : 92} * interval '1 day'`;
        return true;
      };
      const callers = { "bare count (baseline)": bare, "report, owner": () => owner.reports.firstTouch({ period }), "report, member": () => member.reports.firstTouch({ period }) };
      for (const [name, call] of Object.entries(callers)) {
        await call();
        const m = await measure(name, async () => (await call(), true), { requests: 25, concurrency: 1 });
        rows.push({ query: name, period, p50: m.p50, p95: m.p95, failures: m.failures });
      }
    }
    console.table(rows);
  } finally {
    await db.$disconnect();
    await database.dispose();
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
