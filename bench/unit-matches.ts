/**
 * `npx tsx bench/unit-matches.ts`: a unit's matches at 100,000 leads and
 * 5,000 units, against the 200 ms budget. One organization with 100,000
 * realistic leads (bench/support/seed-realistic-leads.ts), every one of them
 * with an interest (the worst case: in practice most leads have none), drawn
 * from Latin-American cities, MXN and USD budgets, sale and rent, bedroom
 * minimums, and one lead in five naming a project; beside it a second
 * organization of the same size (tenancy must not cost). 50 projects of 100
 * units each (5,000), made through the projects' own entry point, one in
 * five units reserved or sold. Measured, one call at a time over 200 units:
 * - the dashboard door (`matching.forUnit`, the procedure both doors call),
 *   as an admin (organization-wide) and as an agent under `own` visibility;
 * - the bare baseline: the same statement through a bare `pg` client (no
 *   Prisma, no procedure), so what the door adds is visible;
 * - the same rule evaluated over the lead's JSON (`Lead.interest`) instead of
 *   the trigger-kept typed copy (`LeadInterest`): what the copy buys.
 * Then EXPLAIN (ANALYZE, BUFFERS) of one unit's statement.
 * `BENCH_SCALE=0.1` for 10,000 leads and 500 units; `BENCH_DATABASE_URL` puts the scratch database on that server.
 */
import pg from "pg";
import { performance } from "node:perf_hooks";
import { resolvePrincipalFromSession } from "../server/auth/resolve-session";
import type { Principal } from "../server/auth/principal";
import { configureForTests } from "../server/config/config";
import { Prisma } from "../server/db/generated/client";
import { visibleLeadsSql } from "../server/leads/lead-visibility";
import { matchReasonsSql, matchScoreSql, unitFitsInterestSql, unitOffersSql } from "../server/matching/match-rules";
import { createProject } from "../server/projects/create-project";
import { sessionCaller } from "../tests/dashboard/callers";
import { connect, seedMember, seedOrganization } from "../tests/support/factories";
import { createBenchDatabase } from "./support/bench-database";
import { measure } from "./support/measure";
import { seedRealisticLeads } from "./support/seed-realistic-leads";

configureForTests({ INMO_LOG: process.env.INMO_LOG ?? "silent" });
const log = (line = "") => process.stdout.write(`${line}\n`);
const SCALE = Number(process.env.BENCH_SCALE ?? 1);
const LEADS = Math.round(100_000 * SCALE);
const PROJECTS = Math.max(5, Math.round(50 * SCALE));
const UNITS_PER_PROJECT = 100;
const CALLS = 200;
const BUDGET_MS = 200;
const CITIES = ["Guadalajara", "Zapopan", "Monterrey", "Ciudad de México", "Querétaro", "Mérida", "Bogotá", "Medellín", "Lima", "Santiago"];

/** The unit's matches as the procedure computes them (server/matching/unit-matches.ts), over the typed copy or over the JSON. */
function unitMatchesSql(principal: Principal, unitId: string, over: "copy" | "json"): Prisma.Sql {
  const interest =
    over === "copy"
      ? Prisma.sql`"LeadInterest"`
      : // The same columns unpacked from Lead.interest for every lead, as matching would without the copy.
        Prisma.sql`(SELECT x."id" AS "leadId", x."organizationId", x."interest"->>'operation' AS "operation", x."interest"->>'currency' AS "currency",
                  (x."interest"->>'budgetMin')::numeric AS "budgetMin", (x."interest"->>'budgetMax')::numeric AS "budgetMax",
                  (x."interest"->>'minBedrooms')::int AS "minBedrooms", (x."interest"->>'minBathrooms')::numeric AS "minBathrooms",
                  (x."interest"->>'minArea')::numeric AS "minArea",
                  ARRAY(SELECT lower("inmo_unaccent"(v)) FROM jsonb_array_elements_text(x."interest"->'cities') v) AS "places",
                  ARRAY(SELECT lower(v) FROM jsonb_array_elements_text(x."interest"->'unitTypes') v) AS "unitTypes",
                  ARRAY(SELECT v FROM jsonb_array_elements_text(x."interest"->'projectIds') v) AS "projectIds"
           FROM "Lead" x WHERE x."interest" IS NOT NULL)`;
  return Prisma.sql`
    SELECT l."id", ${matchScoreSql} AS "score", ${matchReasonsSql} AS "reasons", count(*) OVER ()::int AS "total"
    FROM ${unitOffersSql(Prisma.sql`u."id" = ${unitId} AND u."organizationId" = ${principal.organizationId}::uuid`)} o
    JOIN ${interest} li ON li."organizationId" = o."organizationId"
    JOIN "Lead" l ON l."id" = li."leadId"
    WHERE ${unitFitsInterestSql} AND ${visibleLeadsSql(principal)}
    ORDER BY "score" DESC, l."lastActivityAt" DESC, l."id"
    LIMIT 20`;
}

/** Every lead of the organization gets an interest, spread deterministically over its id (benchmark fixture). */
async function giveEveryLeadAnInterest(client: pg.Client, organizationId: string, projectIds: string[]) {
  await client.query(
    `UPDATE "Lead" l SET "interest" = jsonb_strip_nulls(jsonb_build_object(
       'operation', CASE WHEN h % 5 = 0 THEN 'rent' WHEN h % 5 = 1 THEN NULL ELSE 'sale' END,
       'currency', CASE WHEN h % 3 = 0 THEN 'USD' ELSE 'MXN' END,
       'budgetMin', CASE WHEN h % 4 = 0 THEN NULL ELSE (CASE WHEN h % 3 = 0 THEN 80000 ELSE 1500000 END) * (1 + h % 7) END,
       'budgetMax', (CASE WHEN h % 3 = 0 THEN 120000 ELSE 2500000 END) * (1 + h % 7),
       'minBedrooms', CASE WHEN h % 2 = 0 THEN 1 + h % 4 END,
       'minBathrooms', NULL, 'minArea', CASE WHEN h % 6 = 0 THEN 60 + h % 80 END,
       'cities', CASE WHEN h % 3 = 1 THEN '[]'::jsonb ELSE jsonb_build_array(($2::text[])[1 + h % cardinality($2::text[])]) END,
       'unitTypes', '[]'::jsonb,
       'projectIds', CASE WHEN h % 5 = 3 THEN jsonb_build_array(($3::text[])[1 + h % cardinality($3::text[])]) ELSE '[]'::jsonb END))
     FROM (SELECT "id", abs(hashtext("id")) AS h FROM "Lead" WHERE "organizationId" = $1::uuid) s
     WHERE l."id" = s."id"`,
    [organizationId, CITIES, projectIds],
  );
}

async function main() {
  const database = await createBenchDatabase();
  const db = connect(database.url);
  const client = new pg.Client({ connectionString: database.url });
  await client.connect();
  try {
    const started = performance.now();
    const org = await seedOrganization(db, { name: "Matching bench", rateLimitExempt: true, maxLeads: null, maxProjects: null });
    const other = await seedOrganization(db, { name: "Other tenant", rateLimitExempt: true, maxLeads: null, maxProjects: null });
    const people: string[] = [];
    for (let i = 0; i < 20; i++) people.push((await seedMember(db, org.id, { name: `Agente ${i}` })).userId);
    const admin = (await seedMember(db, org.id, { role: "admin", name: "Admin" })).userId;
    const otherPeople = [(await seedMember(db, other.id)).userId];

    const adminPrincipal = (await resolvePrincipalFromSession(db, { userId: admin, organizationId: org.id })) as Principal;
    const units: { projectId: string; unitId: string }[] = [];
    const projectIds: string[] = [];
    for (let p = 0; p < PROJECTS; p++) {
      const usd = p % 3 === 0;
      const project = await createProject(
        { db, principal: adminPrincipal },
        {
          name: `Torre ${p + 1}`,
          city: CITIES[p % CITIES.length]!,
          currency: usd ? "USD" : "MXN",
          operationType: p % 4 === 0 ? "rent" : p % 4 === 1 ? "sale_and_rent" : "sale",
          bedrooms: 1 + (p % 4),
          bathrooms: 1 + (p % 3),
          builtArea: 70 + (p % 9) * 15,
          status: "published",
          units: Array.from({ length: UNITS_PER_PROJECT }, (_, u) => ({
            name: `${String.fromCharCode(65 + (u % 6))}-${1000 + u}`,
            price: (usd ? 90000 : 1800000) + ((p * 131 + u * 977) % 40) * (usd ? 5000 : 100000),
            area: 60 + ((p + u) % 12) * 10,
            status: u % 5 === 0 ? ("reserved" as const) : u % 11 === 0 ? ("sold" as const) : ("available" as const),
          })),
        },
      );
      projectIds.push(project.id);
      const stored = await db.unit.findMany({ where: { projectId: project.id }, select: { id: true, status: true } });
      for (const unit of stored) if (unit.status === "available") units.push({ projectId: project.id, unitId: unit.id });
    }
    await seedRealisticLeads(database.url, [
      { organizationId: org.id, count: LEADS, tag: 1, assigneeIds: people, projectIds: [] },
      { organizationId: other.id, count: LEADS, tag: 2, assigneeIds: otherPeople, projectIds: [] },
    ]);
    await giveEveryLeadAnInterest(client, org.id, projectIds);
    await giveEveryLeadAnInterest(client, other.id, projectIds);
    await client.query(`VACUUM ANALYZE "Lead"`);
    await client.query(`VACUUM ANALYZE "LeadInterest"`);
    await db.organization.update({ where: { id: org.id }, data: { leadVisibility: "own" } });
    const interests = (await client.query(`SELECT count(*)::int AS n FROM "LeadInterest"`)).rows[0].n as number;
    log(`${database.describe}: ${LEADS.toLocaleString("en")} leads × 2 organizations (${interests.toLocaleString("en")} interests), ` +
      `${(PROJECTS * UNITS_PER_PROJECT).toLocaleString("en")} units (${units.length} available), seeded in ${((performance.now() - started) / 1000).toFixed(1)} s`);

    const agentId = people[3]!;
    const adminDoor = await sessionCaller(db, admin, org.id);
    const agentDoor = await sessionCaller(db, agentId, org.id);
    const unitAt = (i: number) => units[(i * 37) % units.length]!;
    const sample = await adminDoor.matching.forUnit({ ...unitAt(0), limit: 20 });
    log(`unit ${unitAt(0).unitId}: ${sample.total} matching leads; best: score ${sample.data[0]?.score} (${sample.data[0]?.reasons.join(", ")})`);

    const rows: Record<string, unknown>[] = [];
    const record = (name: string, m: Awaited<ReturnType<typeof measure>>) =>
      rows.push({ scenario: name, p50: m.p50, p95: m.p95, max: m.max, [`within ${BUDGET_MS} ms (p95)`]: m.p95 <= BUDGET_MS ? "yes" : "no", failures: m.failures });
    record(
      "door: admin, a unit's matches",
      await measure("admin", async (i) => (await adminDoor.matching.forUnit({ ...unitAt(i), limit: 20 })).total >= 0, { requests: CALLS, concurrency: 1 }),
    );
    record(
      "door: agent under `own`",
      await measure("agent", async (i) => (await agentDoor.matching.forUnit({ ...unitAt(i), limit: 20 })).total >= 0, { requests: CALLS, concurrency: 1 }),
    );
    // `text` is the statement with PostgreSQL placeholders ($1, $2…), as a bare client takes it.
    const run = (sql: Prisma.Sql) => client.query(sql.text, sql.values as unknown[]).then(() => true);
    record("bare pg: the same statement (admin)", await measure("bare", (i) => run(unitMatchesSql(adminPrincipal, unitAt(i).unitId, "copy")), { requests: CALLS, concurrency: 1 }));
    record(
      "bare pg: the rule over Lead.interest JSON (admin)",
      await measure("json", (i) => run(unitMatchesSql(adminPrincipal, unitAt(i).unitId, "json")), { requests: 40, concurrency: 1, maxSeconds: 30 }),
    );
    console.table(rows);

    log("\nEXPLAIN (ANALYZE, BUFFERS) of one unit's matches (admin):");
    for (const row of await db.$queryRaw<{ "QUERY PLAN": string }[]>(Prisma.sql`EXPLAIN (ANALYZE, BUFFERS) ${unitMatchesSql(adminPrincipal, unitAt(0).unitId, "copy")}`)) {
      log(row["QUERY PLAN"]);
    }
  } finally {
    await client.end();
    await db.$disconnect();
    await database.dispose();
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
