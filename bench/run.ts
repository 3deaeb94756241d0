/**
 * `npm run bench`: the REST door measured against a bare `node:http` + `pg`
 * handler doing the same database work, on realistic data, in one run.
 *
 * Seeds two organizations of 100,000 leads each (BENCH_SCALE=0.1 for 10,000)
 * whose surnames come from ten common Latin-American surnames (~10% each) and
 * whose first names repeat, in a fresh database (a new database on
 * BENCH_DATABASE_URL's server, else a throwaway embedded PostgreSQL). Serves
 * the door and the bare handler over loopback, measures each scenario for a
 * bounded number of requests and seconds, prints a table with the door/bare
 * ratio, EXPLAIN (ANALYZE) of the statements behind the lead reads, and writes
 * everything as JSON to bench/results/ (git-ignored).
 */
import { execSync } from "node:child_process";
import { mkdirSync, writeFileSync } from "node:fs";
import os from "node:os";
import { performance } from "node:perf_hooks";
import { resolvePrincipalFromBearer } from "../server/auth/resolve-bearer";
import { listLeads, type ListLeadsRequest } from "../server/leads/list-leads";
import { searchLeads, type SearchLeadsRequest } from "../server/leads/search-leads";
import { startApiServer, type TestServer } from "../tests/support/api-server";
import { connect, seedMember, seedOrganization, seedProject } from "../tests/support/factories";
import { startBareServer } from "./support/bare-server";
import { createBenchDatabase, type BenchDatabase } from "./support/bench-database";
import { explainAll, recordingClient, type Plan } from "./support/explain";
import { expectStatus, measure, type Measurement } from "./support/measure";
import { COMMON_SURNAMES, seedRealisticLeads } from "./support/seed-realistic-leads";
import { configureForTests } from "../server/config/config";

configureForTests({ INMO_LOG: process.env.INMO_LOG ?? "silent" });
const SCALE = Number(process.env.BENCH_SCALE ?? 1);
const LEADS_PER_ORG = Math.round(100_000 * SCALE);
/** Per scenario: at most this many requests or seconds. */
const BUDGET = { requests: 3_000, maxSeconds: Number(process.env.BENCH_SECONDS ?? 4) };

const log = (line = "") => process.stdout.write(`${line}\n`);
const since = (t0: number) => `${((performance.now() - t0) / 1000).toFixed(1)} s`;

let database: BenchDatabase | undefined;
let door: TestServer | undefined;
let bare: Awaited<ReturnType<typeof startBareServer>> | undefined;
async function shutdown(code: number): Promise<never> {
  await door?.close().catch(() => {});
  await bare?.close().catch(() => {});
  await database?.dispose().catch(() => {});
  process.exit(code);
}
process.on("SIGINT", () => void shutdown(130));

interface Row {
  scenario: string;
  door: Measurement;
  bare?: Measurement;
}

async function main() {
  const started = performance.now();
  database = await createBenchDatabase();
  const db = connect(database.url);
  const orgs = [];
  for (let tag = 0; tag < 2; tag++) {
    const org = await seedOrganization(db, { name: `Bench ${tag}`, rateLimitExempt: true, maxLeads: null });
    const members = [];
    for (let i = 0; i < 8; i++) members.push(await seedMember(db, org.id, { name: `Agente ${tag}-${i}` }));
    const projects = [];
    for (let i = 0; i < 5; i++) projects.push(await seedProject(db, org.id, { name: `Proyecto ${tag}-${i}` }));
    orgs.push({ ...org, tag, assigneeIds: members.map((m) => m.userId), projectIds: projects.map((p) => p.id) });
  }
  const seeding = performance.now();
  await seedRealisticLeads(
    database.url,
    orgs.map((o) => ({ organizationId: o.id, count: LEADS_PER_ORG, tag: o.tag, assigneeIds: o.assigneeIds, projectIds: o.projectIds })),
  );
  const main = orgs[0]!;
  log(`${database.describe}: seeded ${(2 * LEADS_PER_ORG).toLocaleString("en")} leads in 2 organizations in ${since(seeding)}`);
  const samples = await db.lead.findMany({
    where: { organizationId: main.id },
    select: { email: true, phone: true },
    orderBy: { phoneDigits: "asc" },
    skip: Math.floor(LEADS_PER_ORG / 3),
    take: 200,
  });

  door = await startApiServer(database.url);
  bare = await startBareServer(database.url);
  const get = (path: string) => door!.api(path, { token: main.key });
  let created = 0;
  const post = () =>
    door!.api("/leads", { token: main.key, method: "POST", json: { firstName: "Bench", lastName: `Nuevo ${++created}`, email: `bench.${created}@nuevo.example` } });
  const pick = <T>(list: T[], i: number) => list[i % list.length]!;

  const scenarios: { name: string; concurrency: number; call: (i: number) => Promise<boolean>; bare?: (i: number) => Promise<boolean> }[] = [
    { name: "GET /me", concurrency: 8, call: expectStatus(() => get("/me"), 200), bare: expectStatus(() => bare!.get("/me", main.key), 200) },
    { name: "GET /me", concurrency: 1, call: expectStatus(() => get("/me"), 200), bare: expectStatus(() => bare!.get("/me", main.key), 200) },
    { name: "GET /leads (first page)", concurrency: 8, call: expectStatus(() => get("/leads"), 200), bare: expectStatus(() => bare!.get("/leads", main.key), 200) },
    { name: "GET /leads (first page)", concurrency: 1, call: expectStatus(() => get("/leads"), 200), bare: expectStatus(() => bare!.get("/leads", main.key), 200) },
    { name: "GET /leads?status=won", concurrency: 8, call: expectStatus(() => get("/leads?status=won"), 200) },
    { name: "GET /leads?assignedToId=…", concurrency: 8, call: expectStatus((i) => get(`/leads?assignedToId=${pick(main.assigneeIds, i)}`), 200) },
    { name: `GET /leads?offset=${LEADS_PER_ORG / 2}`, concurrency: 1, call: expectStatus(() => get(`/leads?offset=${LEADS_PER_ORG / 2}`), 200) },
    { name: "GET /leads/search?q=Fernández", concurrency: 1, call: expectStatus(() => get(`/leads/search?q=${encodeURIComponent("Fernández")}`), 200) },
    { name: "GET /leads/search?q=Fernandez", concurrency: 1, call: expectStatus(() => get("/leads/search?q=Fernandez"), 200) },
    { name: "GET /leads/search?q=<surname> (10)", concurrency: 1, call: expectStatus((i) => get(`/leads/search?q=${encodeURIComponent(pick(COMMON_SURNAMES, i))}`), 200) },
    { name: "GET /leads/search?q=maria garcia", concurrency: 1, call: expectStatus(() => get("/leads/search?q=maria%20garcia"), 200) },
    { name: "GET /leads/search?q=Zyxwvut (none)", concurrency: 1, call: expectStatus(() => get("/leads/search?q=Zyxwvut"), 200) },
    { name: "GET /leads?query=Torres", concurrency: 1, call: expectStatus(() => get("/leads?query=Torres"), 200) },
    { name: "GET /leads/search?email=", concurrency: 1, call: expectStatus((i) => get(`/leads/search?email=${encodeURIComponent(pick(samples, i).email ?? "")}`), 200) },
    { name: "GET /leads/search?phone=", concurrency: 1, call: expectStatus((i) => get(`/leads/search?phone=${encodeURIComponent(pick(samples, i).phone ?? "")}`), 200) },
    { name: "POST /leads (no plan limit)", concurrency: 8, call: expectStatus(post, 201) },
  ];

  // Warm up connections, route tables and query plans.
  for (const s of scenarios.slice(0, 4)) {
    await measure("warm-up", s.call, { requests: 200, concurrency: 4 });
    if (s.bare) await measure("warm-up", s.bare, { requests: 200, concurrency: 4 });
  }
  const rows: Row[] = [];
  for (const s of scenarios) {
    const row: Row = { scenario: `${s.name} c=${s.concurrency}`, door: await measure(s.name, s.call, { ...BUDGET, concurrency: s.concurrency }) };
    if (s.bare) row.bare = await measure(`${s.name} (bare)`, s.bare, { ...BUDGET, concurrency: s.concurrency });
    rows.push(row);
    log(`measured ${row.scenario}`);
  }
  await db.organization.update({ where: { id: main.id }, data: { maxLeads: 10_000_000 } });
  rows.push({ scenario: "POST /leads (maxLeads set) c=8", door: await measure("POST maxLeads", expectStatus(post, 201), { ...BUDGET, concurrency: 8 }) });

  const principal = await resolvePrincipalFromBearer(db, `Bearer ${main.key}`);
  const recorder = recordingClient(database.url);
  const list = (request: Partial<ListLeadsRequest>) => (client: typeof db) =>
    listLeads({ db: client, principal }, { limit: 20, offset: 0, sortBy: "createdAt", sortOrder: "desc", ...request });
  const search = (request: Partial<SearchLeadsRequest>) => (client: typeof db) => searchLeads({ db: client, principal }, { limit: 10, ...request });
  const targets: [string, (client: typeof db) => Promise<unknown>][] = [
    ["GET /leads", list({})],
    ["GET /leads?status=won", list({ status: "won" })],
    ["GET /leads?query=Torres", list({ query: "Torres" })],
    ["GET /leads/search?q=Fernández", search({ q: "Fernández" })],
    ["GET /leads/search?q=maria garcia", search({ q: "maria garcia" })],
    ["GET /leads/search?q=Zyxwvut", search({ q: "Zyxwvut" })],
    ["GET /leads/search?email=", search({ email: samples[0]?.email ?? "" })],
    ["GET /leads/search?phone=", search({ phone: samples[0]?.phone ?? "" })],
  ];
  const plans: Plan[] = [];
  for (const [title, work] of targets) plans.push(...(await explainAll(database.url, title, await recorder.capture(work))));
  await recorder.client.$disconnect();

  log("");
  log("EXPLAIN (ANALYZE, BUFFERS) of the statements behind the lead reads");
  for (const plan of plans) {
    log("");
    log(`--- ${plan.title}: ${plan.leadReadByIndex ? "Lead by index ✓" : "Lead NOT by index ✗"}`);
    log(plan.sql.slice(0, 600));
    log(plan.text);
  }

  log("");
  log(`${LEADS_PER_ORG.toLocaleString("en")} leads per organization; latencies in ms; ratio = door req/s ÷ bare req/s`);
  console.table(
    rows.map((r) => ({
      scenario: r.scenario,
      "door req/s": r.door.throughput,
      "door p50": r.door.p50,
      "door p95": r.door.p95,
      "door p99": r.door.p99,
      "bare req/s": r.bare?.throughput ?? "",
      "bare p99": r.bare?.p99 ?? "",
      ratio: r.bare ? Number((r.door.throughput / r.bare.throughput).toFixed(2)) : "",
      n: r.door.requests,
      failures: r.door.failures + (r.bare?.failures ?? 0),
    })),
  );
  const commit = (() => {
    try {
      return execSync("git rev-parse --short HEAD", { encoding: "utf8" }).trim();
    } catch {
      return "unknown";
    }
  })();
  mkdirSync("bench/results", { recursive: true });
  const file = `bench/results/run-${new Date().toISOString().replace(/[:.]/g, "-")}.json`;
  writeFileSync(
    file,
    JSON.stringify(
      { when: new Date().toISOString(), commit, cpus: os.cpus().length, node: process.version, leadsPerOrganization: LEADS_PER_ORG, rows, plans },
      null,
      2,
    ),
  );
  log(`written ${file}; total ${since(started)}`);
  await db.$disconnect();
}

main().then(
  () => shutdown(0),
  (error: unknown) => {
    console.error(error);
    return shutdown(1);
  },
);
