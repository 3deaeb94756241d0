/**
 * `npx tsx bench/duplicate-check.ts`: what the duplicate check costs when a
 * lead is created, at 100,000 leads. Two organizations of 100,000 realistic
 * leads each (bench/support/seed-realistic-leads.ts: ten common surnames,
 * first names repeating by 1/rank, 50 company names), their phones in E.164
 * as the app stores them; the duplicate keys (`emailKey`, `nameKey`) are set
 * by the database trigger as the rows are loaded. Measured, p50/p95 of 500
 * calls each, one at a time, against the 5 ms budget:
 * - the check as `createLead` runs it (`applyDuplicatePolicy` under the
 *   `suggest` policy, inside a transaction, timed alone: one statement that
 *   reads the policy, finds, scores and records the candidates), for a lead
 *   that repeats an existing one's phone, e-mail and name and company (the
 *   common case) and for a lead that matches nothing; each transaction is
 *   rolled back so the data stays as seeded;
 * - `findDuplicates` (the candidate list of GET /leads/{leadId}/duplicates);
 * - beside them, the bare baselines: a plain `pg` client running the check's
 *   statement in a transaction, and looking one phone up on its index (the
 *   least any check can cost over a connection).
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
import { applyDuplicatePolicy } from "../server/leads/duplicates/apply-duplicate-policy";
import { CHECK_AT_CREATE_SQL, checkAtCreateParameters } from "../server/leads/duplicates/check-at-create";
import { findDuplicates, type DuplicateKeys } from "../server/leads/duplicates/find-duplicates";
import type { LeadRepresentation } from "../server/leads/lead-representation";
import { connect, seedOrganization } from "../tests/support/factories";
import { createBenchDatabase } from "./support/bench-database";
import { percentile } from "./support/measure";
import os from "node:os";
import { seedRealisticLeads } from "./support/seed-realistic-leads";

configureForTests({ INMO_LOG: process.env.INMO_LOG ?? "silent" });
const log = (line = "") => process.stdout.write(`${line}\n`);
const LEADS = Math.round(100_000 * Number(process.env.BENCH_SCALE ?? 1));
const CALLS = 500;
const BUDGET_MS = 5;
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

    await db.organization.update({ where: { id: org.id }, data: { duplicatePolicy: "suggest" } });
    /** Times `run` alone inside a transaction that is then rolled back (the candidates it recorded go with it). */
    const rolledBack = new Error("rolled back");
    const inTransaction = async (run: (tx: Parameters<Parameters<typeof db.$transaction>[0]>[0]) => Promise<boolean>) => {
      let elapsed = 0;
      let ok = false;
      await db
        .$transaction(async (tx) => {
          const t0 = performance.now();
          ok = await run(tx);
          elapsed = performance.now() - t0;
          throw rolledBack;
        })
        .catch((error: unknown) => {
          if (error !== rolledBack) throw error;
        });
      return { ok, elapsed };
    };
    // The lead "just created" with lead i's keys is another existing lead (its own id left out), so the candidates recorded have a lead to belong to.
    const asNew = (i: number) => ({ id: keysOf(i + 1).id }) as LeadRepresentation;
    const bareInTransaction = async (i: number, keys: DuplicateKeys, name?: string) => {
      await bare.query("BEGIN");
      const t0 = performance.now();
      await bare.query({ name, text: CHECK_AT_CREATE_SQL, values: checkAtCreateParameters(org.id, asNew(i).id, keys, []) });
      const elapsed = performance.now() - t0;
      await bare.query("ROLLBACK");
      return { ok: true, elapsed };
    };
    const recorded = async (i: number) => (await bare.query(`SELECT count(*)::int AS n FROM "LeadDuplicateCandidate" WHERE "leadId" = $1`, [asNew(i).id])).rows[0].n as number;

    const rows = [];
    for (const [name, call] of [
      ["check at create: repeats a lead (phone, e-mail, name and company)", (i: number) => inTransaction(async (tx) => (await applyDuplicatePolicy(tx, principal, asNew(i), keysOf(i))).id === asNew(i).id)],
      ["check at create: matches nothing", (i: number) => inTransaction(async (tx) => (await applyDuplicatePolicy(tx, principal, asNew(i), none)).id === asNew(i).id)],
      ["findDuplicates (the candidate list), repeats a lead", (i: number) => inTransaction(async (tx) => (await findDuplicates(tx, principal, keysOf(i), [asNew(i).id])).length > 0)],
      ["bare baseline: pg, the check's statement (repeats)", (i: number) => bareInTransaction(i, keysOf(i))],
      ["bare baseline: pg, the check's statement (nothing)", (i: number) => bareInTransaction(i, none)],
      ["bare baseline: pg, the check's statement prepared (repeats)", (i: number) => bareInTransaction(i, keysOf(i), "check_at_create")],
      ["bare baseline: pg, the check's statement prepared (nothing)", (i: number) => bareInTransaction(i, none, "check_at_create")],
      [
        "bare baseline: pg, one phone on its index",
        async (i: number) => {
          const t0 = performance.now();
          const ok = (await bare.query(`SELECT "id" FROM "Lead" WHERE "organizationId" = $1 AND "phoneE164" = $2 LIMIT 20`, [org.id, keysOf(i).phoneE164])).rowCount! > 0;
          return { ok, elapsed: performance.now() - t0 };
        },
      ],
    ] as const) {
      const m = await measureTimed(name, call, CALLS);
      rows.push({ scenario: name, p50: m.p50, p95: m.p95, [`within ${BUDGET_MS} ms (p95)`]: m.p95 <= BUDGET_MS ? "yes" : "no", failures: m.failures });
    }
    const cpu = process.cpuUsage();
    log(`load average ${os.loadavg().map((n) => n.toFixed(2)).join(" ")}; this process's CPU ${((cpu.user + cpu.system) / 1000).toFixed(0)} ms`);
    console.table(rows);
    log(`suggestions left behind by the rolled-back checks: ${await recorded(0)} (expected 0)`);
    log(`candidates for one repeated lead: ${sampleCandidates.length} (${sampleCandidates.map((c) => c.reasons.join("+")).join(", ")})`);

    const k = keysOf(0);
    log("\nEXPLAIN (ANALYZE, BUFFERS) of the check at create (rolled back):");
    await bare.query("BEGIN");
    const { rows: plan } = await bare.query<{ "QUERY PLAN": string }>(`EXPLAIN (ANALYZE, BUFFERS) ${CHECK_AT_CREATE_SQL}`, checkAtCreateParameters(org.id, keysOf(1).id, k, []));
    await bare.query("ROLLBACK");
    for (const row of plan) log(row["QUERY PLAN"]);
  } finally {
    await bare.end();
    await db.$disconnect();
    await database.dispose();
  }
}

/** p50/p95 of `CALLS` calls one at a time, each timing itself (the part the scenario is about, not its transaction's begin and rollback). */
async function measureTimed(name: string, call: (i: number) => Promise<{ ok: boolean; elapsed: number }>, calls: number) {
  const latencies: number[] = [];
  let failures = 0;
  for (let i = 0; i < calls; i++) {
    const { ok, elapsed } = await call(i).catch(() => ({ ok: false, elapsed: 0 }));
    latencies.push(elapsed);
    if (!ok) failures++;
  }
  latencies.sort((a, b) => a - b);
  const round = (n: number) => Number(n.toFixed(2));
  return { name, p50: round(percentile(latencies, 50)), p95: round(percentile(latencies, 95)), failures };
}

main().catch((error: unknown) => {
  console.error(error);
  process.exitCode = 1;
});
