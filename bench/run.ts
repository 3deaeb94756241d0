/**
 * `npm run bench`: the REST door as it ships, measured beside a bare
 * `node:http` + `pg` handler doing the same database work, on realistic data,
 * in one run.
 *
 * Seeds two organizations of 100,000 leads each (BENCH_SCALE=0.1 for 10,000)
 * whose surnames come from ten common Latin-American surnames (~10% each) and
 * whose first names repeat, in a fresh database (a new database on
 * BENCH_DATABASE_URL's server, else a throwaway embedded PostgreSQL). Then
 * starts the app the way `npm start` does — the production build (made first
 * when there is none; BENCH_BUILD=1 rebuilds) served by `scripts/start.ts
 * --no-build`, i.e. `next start` with its embedded job driver — on a free
 * loopback port, and beside it the same door in-process behind a plain
 * `node:http` server (tests/support/api-server.ts) and the bare handler.
 * Each scenario is measured on each for a bounded number of requests and
 * seconds; the table gives the shipped server's figures, the in-process and
 * bare ones, the shipped/bare ratio and the goal (docs: issue 29's table).
 * EXPLAIN (ANALYZE) of the statements behind the lead reads follows, and
 * everything is written as JSON to bench/results/ (git-ignored).
 * BENCH_SERVER=next measures the app served by plain `next start` instead
 * (INMO_SERVER=next, the door inside Next's route handler: the figures before
 * npm start served the door directly). BENCH_CPU_PROF=1 profiles the shipped server's processes (written to
 * bench/results/cpu-<time>/ when it stops: open them in Chrome DevTools).
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
import { startReceiver, type TestReceiver } from "../tests/webhooks/support/receiver";
import { createTestCertificates, type TestCertificates } from "../tests/webhooks/support/tls-fixture";
import { startBareServer } from "./support/bare-server";
import { createBenchDatabase, type BenchDatabase } from "./support/bench-database";
import { explainAll, recordingClient, type Plan } from "./support/explain";
import { expectStatus, measure, type Measurement } from "./support/measure";
import { COMMON_SURNAMES, seedRealisticLeads } from "./support/seed-realistic-leads";
import { ensureBuild, startShippedServer, type ShippedServer } from "./support/shipped-server";
import { configureForTests } from "../server/config/config";

configureForTests({ INMO_LOG: process.env.INMO_LOG ?? "silent" });
const SCALE = Number(process.env.BENCH_SCALE ?? 1);
const LEADS_PER_ORG = Math.round(100_000 * SCALE);
/** Per scenario and server: at most this many requests or seconds. */
const BUDGET = { requests: 3_000, maxSeconds: Number(process.env.BENCH_SECONDS ?? 4) };

const log = (line = "") => process.stdout.write(`${line}\n`);
const since = (t0: number) => `${((performance.now() - t0) / 1000).toFixed(1)} s`;

let database: BenchDatabase | undefined;
let shipped: ShippedServer | undefined;
let inProcess: TestServer | undefined;
let bare: Awaited<ReturnType<typeof startBareServer>> | undefined;
let receiver: TestReceiver | undefined;
let certificates: TestCertificates | undefined;
async function shutdown(code: number): Promise<never> {
  await shipped?.stop().catch(() => {});
  await inProcess?.close().catch(() => {});
  await bare?.close().catch(() => {});
  await receiver?.close().catch(() => {});
  certificates?.remove();
  await database?.dispose().catch(() => {});
  process.exit(code);
}
process.on("SIGINT", () => void shutdown(130));

type Api = (path: string, init?: RequestInit & { token?: string; json?: unknown }) => Promise<Response>;

/** What a scenario must reach on the shipped server (issue 29's table). */
interface Goal {
  text: string;
  met(shipped: Measurement, bare?: Measurement): boolean;
}
const atLeastOfBare = (ratio: number): Goal => ({ text: `≥ ${ratio}× bare`, met: (m, b) => !!b && m.throughput >= ratio * b.throughput });
const rateAndP99 = (rps: number, p99: number): Goal => ({ text: `≥ ${rps} req/s, p99 ≤ ${p99} ms`, met: (m) => m.throughput >= rps && m.p99 <= p99 });
const p95Within = (ms: number): Goal => ({ text: `p95 ≤ ${ms} ms`, met: (m) => m.p95 <= ms });

interface Scenario {
  name: string;
  concurrency: number;
  call: (api: Api, i: number) => Promise<Response>;
  status: number;
  bare?: (i: number) => Promise<Response>;
  goal?: Goal;
}

interface Row {
  scenario: string;
  shipped: Measurement;
  /** CPU milliseconds the shipped server's processes spent per request of the scenario (load-independent). */
  shippedCpuMsPerRequest: number;
  inProcess: Measurement;
  bare?: Measurement;
  goal?: string;
  met?: boolean;
}

async function main() {
  const started = performance.now();
  ensureBuild({ rebuild: process.env.BENCH_BUILD === "1", log });
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

  const cpuProfileDir = process.env.BENCH_CPU_PROF === "1" ? `bench/results/cpu-${new Date().toISOString().replace(/[:.]/g, "-")}` : undefined;
  // The intake scenario's subscriptions deliver to an HTTPS receiver on loopback, trusted through a throwaway CA.
  certificates = createTestCertificates();
  receiver = await startReceiver(certificates);
  // Subscriptions deliver to that receiver on loopback: both doors must allow it (the shipped one through its environment).
  configureForTests({ WEBHOOK_ALLOW_PRIVATE_TARGETS: true, WEBHOOK_EXTRA_CA_FILE: certificates.caFile });
  shipped = await startShippedServer(database.url, {
    cpuProfileDir,
    log,
    env: { WEBHOOK_ALLOW_PRIVATE_TARGETS: "true", WEBHOOK_EXTRA_CA_FILE: certificates.caFile, ...(process.env.BENCH_SERVER === "next" ? { INMO_SERVER: "next" } : {}) },
  });
  inProcess = await startApiServer(database.url);
  bare = await startBareServer(database.url);
  let created = 0;
  const post = (api: Api) =>
    api("/leads", { token: main.key, method: "POST", json: { firstName: "Bench", lastName: `Nuevo ${++created}`, email: `bench.${created}@nuevo.example` } });
  const get = (path: string) => (api: Api) => api(path, { token: main.key });
  const pick = <T>(list: T[], i: number) => list[i % list.length]!;

  const onlyMe: Scenario[] = [
    { name: "GET /me", concurrency: 8, call: get("/me"), status: 200, bare: () => bare!.get("/me", main.key), goal: atLeastOfBare(0.4) },
    { name: "GET /me", concurrency: 1, call: get("/me"), status: 200, bare: () => bare!.get("/me", main.key) },
  ];
  const scenarios: Scenario[] = [
    ...onlyMe,
    { name: "GET /leads (first page)", concurrency: 8, call: get("/leads"), status: 200, bare: () => bare!.get("/leads", main.key), goal: rateAndP99(400, 30) },
    { name: "GET /leads (first page)", concurrency: 1, call: get("/leads"), status: 200, bare: () => bare!.get("/leads", main.key) },
    { name: "GET /leads?status=won", concurrency: 8, call: get("/leads?status=won"), status: 200 },
    { name: "GET /leads?assignedToId=…", concurrency: 8, call: (api, i) => get(`/leads?assignedToId=${pick(main.assigneeIds, i)}`)(api), status: 200 },
    { name: `GET /leads?offset=${LEADS_PER_ORG / 2}`, concurrency: 1, call: get(`/leads?offset=${LEADS_PER_ORG / 2}`), status: 200 },
    { name: "GET /leads/search?q=Fernández", concurrency: 1, call: get(`/leads/search?q=${encodeURIComponent("Fernández")}`), status: 200, goal: p95Within(20) },
    { name: "GET /leads/search?q=Fernandez", concurrency: 1, call: get("/leads/search?q=Fernandez"), status: 200 },
    { name: "GET /leads/search?q=<surname> (10)", concurrency: 1, call: (api, i) => get(`/leads/search?q=${encodeURIComponent(pick(COMMON_SURNAMES, i))}`)(api), status: 200 },
    { name: "GET /leads/search?q=maria garcia", concurrency: 1, call: get("/leads/search?q=maria%20garcia"), status: 200 },
    { name: "GET /leads/search?q=Zyxwvut (none)", concurrency: 1, call: get("/leads/search?q=Zyxwvut"), status: 200 },
    { name: "GET /leads?query=Torres", concurrency: 1, call: get("/leads?query=Torres"), status: 200, goal: p95Within(30) },
    { name: "GET /leads/search?email=", concurrency: 1, call: (api, i) => get(`/leads/search?email=${encodeURIComponent(pick(samples, i).email ?? "")}`)(api), status: 200 },
    { name: "GET /leads/search?phone=", concurrency: 1, call: (api, i) => get(`/leads/search?phone=${encodeURIComponent(pick(samples, i).phone ?? "")}`)(api), status: 200 },
    { name: "POST /leads (no pools, no subscriptions)", concurrency: 8, call: post, status: 201, goal: rateAndP99(300, 60) },
  ];
  // BENCH_ONLY=me or =intake: just GET /me, or just POST /leads (e.g. under BENCH_CPU_PROF=1, so the profile shows that request alone).
  const selected = process.env.BENCH_ONLY === "me" ? onlyMe : process.env.BENCH_ONLY === "intake" ? scenarios.slice(-1) : scenarios;

  // Warm up connections, route tables, query plans and the JIT of both doors.
  for (const s of selected.slice(0, 4)) {
    for (const api of [shipped.api, inProcess.api]) await measure("warm-up", expectStatus((i) => s.call(api, i), s.status), { requests: 300, concurrency: 4 });
    if (s.bare) await measure("warm-up", expectStatus(s.bare, s.status), { requests: 300, concurrency: 4 });
  }
  const rows: Row[] = [];
  const run = async (s: Scenario) => {
    const options = { ...BUDGET, concurrency: s.concurrency };
    const cpuBefore = shipped!.cpuSeconds();
    const shippedMeasurement = await measure(s.name, expectStatus((i) => s.call(shipped!.api, i), s.status), options);
    const cpuMs = (shipped!.cpuSeconds() - cpuBefore) * 1000;
    const row: Row = {
      scenario: `${s.name} c=${s.concurrency}`,
      shipped: shippedMeasurement,
      shippedCpuMsPerRequest: Number((cpuMs / Math.max(1, shippedMeasurement.requests)).toFixed(2)),
      inProcess: await measure(`${s.name} (in-process)`, expectStatus((i) => s.call(inProcess!.api, i), s.status), options),
    };
    if (s.bare) row.bare = await measure(`${s.name} (bare)`, expectStatus(s.bare, s.status), options);
    if (s.goal) Object.assign(row, { goal: s.goal.text, met: s.goal.met(row.shipped, row.bare) });
    rows.push(row);
    log(`measured ${row.scenario}`);
  };
  for (const s of selected) await run(s);

  if (selected === scenarios) await intake().catch((error: unknown) => log(`the intake scenarios stopped: ${String(error)}`));
  async function intake() {
    // Intake as an organization runs it: a catch-all pool of the 8 members routes every lead, two subscriptions hear of each.
    const pool = await shipped!.api("/round-robin", { token: main.key, method: "POST", json: { name: "Bench intake", participantIds: main.assigneeIds } });
    if (pool.status !== 201) throw new Error(`creating the pool: ${pool.status} ${await pool.text()}`);
    for (const event of ["lead.created", "lead.assigned"]) {
      const sub = await shipped!.api("/webhooks/subscriptions", { token: main.key, method: "POST", json: { target_url: receiver!.url(`/${event}`), event } });
      if (sub.status !== 201) throw new Error(`creating a subscription: ${sub.status} ${await sub.text()}`);
    }
    await run({ name: "POST /leads (routed by a pool, 2 subscriptions)", concurrency: 8, call: post, status: 201, goal: rateAndP99(300, 60) });
    const routed = await db.lead.count({ where: { organizationId: main.id, lastName: { startsWith: "Nuevo" }, assignedToId: { not: null } } });
    log(`leads created by the intake scenarios that a pool assigned: ${routed.toLocaleString("en")}`);
    await db.organization.update({ where: { id: main.id }, data: { maxLeads: 10_000_000 } });
    await run({ name: "POST /leads (routed, 2 subscriptions, maxLeads set)", concurrency: 8, call: post, status: 201, goal: rateAndP99(300, 60) });
  }

  const plans: Plan[] = [];
  if (selected === scenarios) plans.push(...(await explainLeadReads(db, database.url, main.key, samples[0])));
  log("");
  log("EXPLAIN (ANALYZE, BUFFERS) of the statements behind the lead reads");
  for (const plan of plans) {
    log("");
    log(`--- ${plan.title}: ${plan.leadReadByIndex ? "Lead by index ✓" : "Lead NOT by index ✗"}`);
    log(plan.sql.slice(0, 600));
    log(plan.text);
  }

  log("");
  log(
    `${LEADS_PER_ORG.toLocaleString("en")} leads per organization, ${os.cpus().length} cores, load average ${os.loadavg().map((l) => l.toFixed(1)).join(" ")} (at the end); ` +
      "latencies in ms; CPU ms/req = CPU time of the shipped server's processes per request (what the machine's load does not change); shipped = `npm start`'s server, in-process = the door behind node:http in this process, bare = node:http + pg; ratio = shipped req/s ÷ bare req/s",
  );
  console.table(
    rows.map((r) => ({
      scenario: r.scenario,
      "req/s": r.shipped.throughput,
      p50: r.shipped.p50,
      p95: r.shipped.p95,
      p99: r.shipped.p99,
      "CPU ms/req": r.shippedCpuMsPerRequest,
      "in-proc req/s": r.inProcess.throughput,
      "in-proc p95": r.inProcess.p95,
      "bare req/s": r.bare?.throughput ?? "",
      ratio: r.bare ? Number((r.shipped.throughput / r.bare.throughput).toFixed(2)) : "",
      goal: r.goal ?? "",
      met: r.met === undefined ? "" : r.met ? "yes" : "NO",
      failures: r.shipped.failures + r.inProcess.failures + (r.bare?.failures ?? 0),
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
      { when: new Date().toISOString(), commit, cpus: os.cpus().length, loadAverage: os.loadavg(), node: process.version, leadsPerOrganization: LEADS_PER_ORG, rows, plans },
      null,
      2,
    ),
  );
  log(`written ${file}; total ${since(started)}`);
  await db.$disconnect();
}

/** EXPLAIN (ANALYZE) of every statement behind the lead reads, captured from the domain functions themselves. */
async function explainLeadReads(db: ReturnType<typeof connect>, databaseUrl: string, key: string, sample: { email: string | null; phone: string | null } | undefined): Promise<Plan[]> {
  const principal = await resolvePrincipalFromBearer(db, `Bearer ${key}`);
  const recorder = recordingClient(databaseUrl);
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
    ["GET /leads/search?email=", search({ email: sample?.email ?? "" })],
    ["GET /leads/search?phone=", search({ phone: sample?.phone ?? "" })],
  ];
  const plans: Plan[] = [];
  for (const [title, work] of targets) plans.push(...(await explainAll(databaseUrl, title, await recorder.capture(work))));
  await recorder.client.$disconnect();
  return plans;
}

main().then(
  () => shutdown(0),
  (error: unknown) => {
    console.error(error);
    return shutdown(1);
  },
);
