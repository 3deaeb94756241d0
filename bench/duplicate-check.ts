/**
 * `npx tsx bench/duplicate-check.ts`: what the duplicate check costs when a
 * lead is created, at 100,000 leads. Two organizations of 100,000 realistic
 * leads each (bench/support/seed-realistic-leads.ts: ten common surnames,
 * first names repeating by 1/rank, 50 company names), their phones in E.164
 * as the app stores them; the duplicate keys (`emailKey`, `nameKey`) are set
 * by the database trigger as the rows are loaded. Measured, p50/p95 of 500
 * calls each, one at a time, against the 5 ms budget:
 * - the check as `createLead` runs it (`findDuplicates`: one statement over
 *   the three rules, organization-wide), for a lead that repeats an existing
 *   one's phone, e-mail and name and company (the common case under
 *   `suggest`), and for a lead that matches nothing;
 * - beside it, the bare baselines: a plain `pg` client running the same
 *   statement, and looking one phone up on its index (the least any check
 *   can cost over a connection).
 * Then EXPLAIN (ANALYZE, BUFFERS) of the check. Before the check read each rule's
 * range only as far as its oldest 20 (2026-11-27, load average 13–18 on 2 cores):
 * p50/p95 14.7/40.0 ms (repeats), 8.9/31.4 ms (nothing), bare statement 10.3/28.6 ms,
 * one phone 0.5/10.8 ms; EXPLAIN 176 buffers, 167 rows read and sorted. `BENCH_DATABASE_URL` puts the
 * scratch database on that server; `BENCH_SCALE=0.1` seeds 10,000.
 */
import pg from "pg";
import { performance } from "node:perf_hooks";
import { buildPrincipal, toPrincipalOrganization, principalOrganizationSelect } from "../server/auth/principal";
import { configureForTests } from "../server/config/config";
import { findDuplicates, type DuplicateKeys } from "../server/leads/duplicates/find-duplicates";
import { connect, seedOrganization } from "../tests/support/factories";
import { createBenchDatabase } from "./support/bench-database";
import { measure } from "./support/measure";
import { seedRealisticLeads } from "./support/seed-realistic-leads";

configureForTests({ INMO_LOG: process.env.INMO_LOG ?? "silent" });
const log = (line = "") => process.stdout.write(`${line}\n`);
const LEADS = Math.round(100_000 * Number(process.env.BENCH_SCALE ?? 1));
const CALLS = 500;
const BUDGET_MS = 5;
/** The check's statement as `findDuplicates` sends it (organization-wide, one excluded id), for the bare baseline and EXPLAIN. */
const CHECK_SQL = `SELECT c."id", coalesce(c."phoneE164" = $2, false) AS p, coalesce(c."emailKey" = $3, false) AS e, coalesce(c."nameKey" = $4, false) AS n
  FROM (${["phoneE164", "emailKey", "nameKey"]
    .map(
      (column, i) => `(SELECT l."id", l."createdAt", l."phoneE164", l."emailKey", l."nameKey" FROM "Lead" l
        WHERE l."organizationId" = $1 AND l."${column}" = $${i + 2} AND l."id" <> ALL(ARRAY['lead_new']) ORDER BY l."createdAt", l."id" LIMIT 20)`,
    )
    .join(" UNION ")}) c
  ORDER BY (c."phoneE164" = $2 OR c."emailKey" = $3) IS TRUE DESC, c."createdAt", c."id" LIMIT 20`;

async function main() {
  const database = await createBenchDatabase();
  const db = connect(database.url);
  const bare = new pg.Client({ connectionString: database.url });
  await bare.connect();
  try {
    const started = performance.now();
    const org = await seedOrganization(db, { name: "Duplicates bench", rateLimitExempt: true, maxLeads: null });
    const other = await seedOrganization(db, { name: "Other tenant", rateLimitExempt: true, maxLeads: null });
    await seedRealisticLeads(database.url, [
      { organizationId: org.id, count: LEADS, tag: 1, assigneeIds: [org.ownerId], projectIds: [] },
      { organizationId: other.id, count: LEADS, tag: 2, assigneeIds: [other.ownerId], projectIds: [] },
    ]);
    // The app keeps phoneE164 (libphonenumber); the seeded numbers are international, so their digits with `+` are it.
    await bare.query(`UPDATE "Lead" SET "phoneE164" = '+' || "phoneDigits"`);
    await bare.query(`VACUUM ANALYZE "Lead"`);
    log(`${database.describe}: seeded 2 × ${LEADS.toLocaleString("en")} leads in ${((performance.now() - started) / 1000).toFixed(1)} s`);

    const organization = await db.organization.findUniqueOrThrow({ where: { id: org.id }, select: principalOrganizationSelect });
    const principal = buildPrincipal(toPrincipalOrganization(organization), { kind: "system" });
    const existing = await db.$queryRaw<(DuplicateKeys & { id: string })[]>`
      SELECT "id", "phoneE164", "emailKey", "nameKey" FROM "Lead" WHERE "organizationId" = ${org.id}::uuid ORDER BY md5("id") LIMIT ${CALLS}`;
    const keysOf = (i: number) => existing[i % existing.length]!;
    const none: DuplicateKeys = { phoneE164: "+19995550000", emailKey: "nobody@nowhere.example", nameKey: "zz top|nowhere" };
    const sampleCandidates = await findDuplicates(db, principal, keysOf(0), ["lead_new"]);

    const rows = [];
    for (const [name, call] of [
      ["check: repeats a lead (phone, e-mail, name and company)", async (i: number) => (await findDuplicates(db, principal, keysOf(i), ["lead_new"])).length > 0],
      ["check: matches nothing", async () => (await findDuplicates(db, principal, none, ["lead_new"])).length === 0],
      [
        "bare baseline: pg, the check's statement",
        async (i: number) => {
          const k = keysOf(i);
          return (await bare.query(CHECK_SQL, [org.id, k.phoneE164, k.emailKey, k.nameKey])).rowCount! > 0;
        },
      ],
      [
        "bare baseline: pg, one phone on its index",
        async (i: number) =>
          (await bare.query(`SELECT "id" FROM "Lead" WHERE "organizationId" = $1 AND "phoneE164" = $2 LIMIT 20`, [org.id, keysOf(i).phoneE164])).rowCount! > 0,
      ],
    ] as const) {
      const m = await measure(name, call, { requests: CALLS, concurrency: 1 });
      rows.push({ scenario: name, p50: m.p50, p95: m.p95, [`within ${BUDGET_MS} ms (p95)`]: m.p95 <= BUDGET_MS ? "yes" : "no", failures: m.failures });
    }
    console.table(rows);
    log(`candidates for one repeated lead: ${sampleCandidates.length} (${sampleCandidates.map((c) => c.reasons.join("+")).join(", ")})`);

    const k = keysOf(0);
    log("\nEXPLAIN (ANALYZE, BUFFERS) of the check:");
    const { rows: plan } = await bare.query<{ "QUERY PLAN": string }>(`EXPLAIN (ANALYZE, BUFFERS) ${CHECK_SQL}`, [org.id, k.phoneE164, k.emailKey, k.nameKey]);
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
