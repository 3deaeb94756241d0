/**
 * `npx tsx bench/lead-visibility.ts`: what lead visibility costs at 100,000
 * leads. An organization of 40 people (4 teams of a team lead and 9 agents,
 * 3 round-robin pools) with 100,000 realistic leads (bench/support/
 * seed-realistic-leads.ts: every third unassigned, every 90th in a pool's
 * pond) beside a second organization of the same size, with the setting
 * `own`. Measured, p50/p95 of 200 calls each, one at a time:
 * - one agent's lead count (`pagination.total` of GET /leads, the statement
 *   alone), against the 10 ms budget; a team lead's; with a status filter;
 *   an admin's organization-wide count (the maintained counts, O(1)): the
 *   round trip through Prisma (what the endpoint pays, machine load
 *   included) and the statement's execution time in PostgreSQL (EXPLAIN
 *   ANALYZE, 50 runs: the cost of the query itself);
 * - the whole first page through the dashboard door (page and total).
 * Then EXPLAIN (ANALYZE, BUFFERS) of the agent's counts and page.
 * `BENCH_DATABASE_URL` puts the scratch database on that server.
 */
import { performance } from "node:perf_hooks";
import { resolvePrincipalFromSession } from "../server/auth/resolve-session";
import type { Principal } from "../server/auth/principal";
import { configureForTests } from "../server/config/config";
import { Prisma } from "../server/db/generated/client";
import { leadTotalSql } from "../server/leads/lead-counts";
import { visibleLeadsSql } from "../server/leads/lead-visibility";
import { sessionCaller } from "../tests/dashboard/callers";
import { connect, seedMember, seedOrganization } from "../tests/support/factories";
import { createBenchDatabase } from "./support/bench-database";
import { measure, percentile } from "./support/measure";
import { seedRealisticLeads } from "./support/seed-realistic-leads";

configureForTests({ INMO_LOG: process.env.INMO_LOG ?? "silent" });
const log = (line = "") => process.stdout.write(`${line}\n`);
const LEADS = Math.round(100_000 * Number(process.env.BENCH_SCALE ?? 1));
const CALLS = 200;
const BUDGET_MS = 10;

async function main() {
  const database = await createBenchDatabase();
  const db = connect(database.url);
  try {
    const started = performance.now();
    const org = await seedOrganization(db, { name: "Visibility bench", rateLimitExempt: true, maxLeads: null });
    const other = await seedOrganization(db, { name: "Other tenant", rateLimitExempt: true, maxLeads: null });
    const people: string[] = [];
    for (let i = 0; i < 40; i++) people.push((await seedMember(db, org.id, { name: `Agent ${i}` })).userId);
    const admin = (await seedMember(db, org.id, { role: "admin", name: "Admin" })).userId;
    const owner = await sessionCaller(db, org.ownerId, org.id);
    for (let team = 0; team < 4; team++) {
      const members = people.slice(team * 10, team * 10 + 10);
      await owner.teams.create({ name: `Team ${team + 1}`, leadUserIds: [members[0]!], memberUserIds: members.slice(1) });
    }
    const pools: string[] = [];
    for (let pool = 0; pool < 3; pool++) {
      const participants = people.filter((_, i) => i % 3 === pool);
      const connections = [{ source: "webhook" as const, utmCampaign: `campaign-${pool}` }];
      pools.push((await owner.roundRobin.create({ name: `Pool ${pool + 1}`, participantIds: participants, connections })).id);
    }
    const otherPeople: string[] = [];
    for (let i = 0; i < 40; i++) otherPeople.push((await seedMember(db, other.id)).userId);
    await seedRealisticLeads(database.url, [
      { organizationId: org.id, count: LEADS, tag: 1, assigneeIds: people, projectIds: [], pondPoolIds: pools },
      { organizationId: other.id, count: LEADS, tag: 2, assigneeIds: otherPeople, projectIds: [] },
    ]);
    await db.organization.update({ where: { id: org.id }, data: { leadVisibility: "own" } });
    log(`${database.describe}: seeded 2 × ${LEADS.toLocaleString("en")} leads in ${((performance.now() - started) / 1000).toFixed(1)} s`);

    const principalOf = async (userId: string) => (await resolvePrincipalFromSession(db, { userId, organizationId: org.id })) as Principal;
    const agentId = people[5]!; // an agent of team 1, in pool 3
    const agent = await principalOf(agentId);
    const teamLead = await principalOf(people[0]!);
    const manager = await principalOf(admin);
    // The total GET /leads answers, as listLeads builds it: the filters, the caller's visibility added by leadTotalSql.
    const visibleCount = (principal: Principal, filters: { status?: "new" } = {}) =>
      leadTotalSql(principal, filters, filters.status ? Prisma.sql`l."status" = ${filters.status}::"LeadStatus"` : Prisma.sql`TRUE`);
    const countOf = async (sql: Prisma.Sql) => Number((await db.$queryRaw<{ total: bigint }[]>(sql))[0]?.total ?? 0);
    /** The statement's execution time inside PostgreSQL, p50 and p95 of 50 runs. */
    const executionTimes = async (sql: Prisma.Sql) => {
      const times: number[] = [];
      for (let i = 0; i < 50; i++) {
        const [row] = await db.$queryRaw<{ "QUERY PLAN": { "Execution Time": number }[] }[]>(Prisma.sql`EXPLAIN (ANALYZE, FORMAT JSON) ${sql}`);
        times.push(row!["QUERY PLAN"][0]!["Execution Time"]);
      }
      times.sort((a, b) => a - b);
      return { p50: Number(percentile(times, 50).toFixed(2)), p95: Number(percentile(times, 95).toFixed(2)) };
    };

    const scenarios: { name: string; sql: Prisma.Sql; budget: boolean }[] = [
      { name: "agent: count of their leads (no filter)", sql: visibleCount(agent), budget: true },
      { name: "agent: count with status=new", sql: visibleCount(agent, { status: "new" }), budget: true },
      { name: "team lead: count of their team's leads", sql: visibleCount(teamLead), budget: true },
      { name: "admin: organization-wide count", sql: visibleCount(manager), budget: false },
    ];
    const rows = [];
    for (const scenario of scenarios) {
      const total = await countOf(scenario.sql);
      const m = await measure(scenario.name, async () => (await countOf(scenario.sql)) === total, { requests: CALLS, concurrency: 1 });
      const inDatabase = await executionTimes(scenario.sql);
      rows.push({
        scenario: scenario.name,
        total,
        "round trip p50": m.p50,
        "round trip p95": m.p95,
        "in PostgreSQL p50": inDatabase.p50,
        "in PostgreSQL p95": inDatabase.p95,
        [`within ${BUDGET_MS} ms (p95)`]: scenario.budget ? (m.p95 <= BUDGET_MS ? "yes" : `no (PostgreSQL: ${inDatabase.p95 <= BUDGET_MS ? "yes" : "no"})`) : "—",
        failures: m.failures,
      });
    }
    const agentDoor = await sessionCaller(db, agentId, org.id);
    await agentDoor.leads.list({ limit: 20 });
    const page = await measure("agent: GET /leads page 1 (page + total)", async () => (await agentDoor.leads.list({ limit: 20 })).data.length === 20, {
      requests: CALLS,
      concurrency: 1,
    });
    rows.push({
      scenario: page.name,
      total: (await agentDoor.leads.list({ limit: 20 })).pagination.total,
      "round trip p50": page.p50,
      "round trip p95": page.p95,
      failures: page.failures,
    });
    console.table(rows);

    for (const [title, sql] of [
      ["the agent's count", visibleCount(agent)],
      ["the agent's count with status=new", visibleCount(agent, { status: "new" })],
    ] as const) {
      log(`\nEXPLAIN (ANALYZE, BUFFERS) of ${title}:`);
      for (const row of await db.$queryRaw<{ "QUERY PLAN": string }[]>(Prisma.sql`EXPLAIN (ANALYZE, BUFFERS) ${sql}`)) log(row["QUERY PLAN"]);
    }
    log("\nEXPLAIN (ANALYZE, BUFFERS) of the agent's first page (ids in the default order):");
    const pageSql = Prisma.sql`SELECT l."id" FROM "Lead" l WHERE ${visibleLeadsSql(agent)} ORDER BY l."createdAt" DESC, l."id" DESC LIMIT 20`;
    for (const row of await db.$queryRaw<{ "QUERY PLAN": string }[]>(Prisma.sql`EXPLAIN (ANALYZE, BUFFERS) ${pageSql}`)) log(row["QUERY PLAN"]);
  } finally {
    await db.$disconnect();
    await database.dispose();
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exitCode = 1;
});
