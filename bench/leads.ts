/**
 * Lead API benchmark: `npx tsx bench/leads.ts` (not a test; about 2 minutes).
 *
 * Seeds 100,000 leads in one organization and 10,000 in each of 10 others in
 * a fresh database (embedded PostgreSQL in a temp dir, or a new database on
 * BENCH_DATABASE_URL's server), serves the REST door over loopback with a
 * rate-limit-exempt key, and measures list, deep offset, search by phone,
 * email and fuzzy text, and creation: p50/p99 latency and throughput,
 * sequentially and with concurrent clients. Then prints EXPLAIN (ANALYZE)
 * of the statements those endpoints run, checking each one reads "Lead"
 * through an index. BENCH_SCALE=0.1 runs a smaller version.
 */
import { performance } from "node:perf_hooks";
import { resolvePrincipalFromBearer } from "../server/auth/resolve-bearer";
import { listLeads, type ListLeadsRequest } from "../server/leads/list-leads";
import { fuzzyThresholdSql, leadSearchSql, type SearchLeadsRequest } from "../server/leads/search-leads";
import { createOrganization } from "../server/organizations/create-organization";
import { startApiServer, type TestServer } from "../tests/support/api-server";
import { connect, seedApiKey } from "../tests/support/factories";
import { createBenchDatabase, type BenchDatabase } from "./support/bench-database";
import { explain, fromPrismaSql, recordingClient, type CapturedQuery, type Plan } from "./support/leads/explain";
import { formatStats, measure, type Stats } from "./support/leads/measure";
import { LAST_NAMES, seedLeads, seededLead } from "./support/leads/seed-leads";

const SCALE = Number(process.env.BENCH_SCALE ?? 1);
const MAIN_LEADS = Math.round(100_000 * SCALE);
const OTHER_ORGS = 10;
const OTHER_LEADS = Math.round(10_000 * SCALE);
const DEEP_OFFSET = Math.round(MAIN_LEADS / 2);
const SEQUENTIAL = 80;
const CONCURRENT = 160;
const CONCURRENCY = 8;

const log = (line = "") => process.stdout.write(`${line}\n`);
const elapsed = (since: number) => `${((performance.now() - since) / 1000).toFixed(1)} s`;

interface Target {
  title: string;
  statement: CapturedQuery;
  /** Statements run first in the same transaction (the fuzzy search's threshold). */
  setup?: CapturedQuery[];
}

let database: BenchDatabase | undefined;
let server: TestServer | undefined;

async function shutdown(code: number): Promise<never> {
  await server?.close().catch(() => {});
  await database?.dispose().catch(() => {});
  process.exit(code);
}
process.on("SIGINT", () => void shutdown(130));
process.on("SIGTERM", () => void shutdown(143));

const verdict = (plan: Plan) => (plan.leadReadByIndex ? "Lead by index ✓" : "Lead NOT by index ✗");

async function main() {
  const started = performance.now();
  database = await createBenchDatabase();
  log(`database: ${database.describe} (ready in ${elapsed(started)})`);
  const db = connect(database.url);

  const measured = await createOrganization(db, { name: "Bench Main", rateLimitExempt: true, maxLeads: null });
  const { key } = await seedApiKey(db, measured.id, { name: "bench" });
  const others = [];
  for (let i = 1; i <= OTHER_ORGS; i++) others.push(await createOrganization(db, { name: `Bench Other ${i}`, maxLeads: null }));

  const seeding = performance.now();
  await seedLeads(database.url, [
    { organizationId: measured.id, count: MAIN_LEADS, tag: 0 },
    ...others.map((org, index) => ({ organizationId: org.id, count: OTHER_LEADS, tag: index + 1 })),
  ]);
  const total = await db.lead.count();
  log(`seeded ${total.toLocaleString("en")} leads (${MAIN_LEADS.toLocaleString("en")} in the measured organization) in ${elapsed(seeding)}`);

  server = await startApiServer(database.url);
  const api = server.api.bind(server);
  const get = (path: string) => api(path, { token: key });
  const random = (n: number) => 1 + Math.floor(Math.random() * n);
  let created = 0;
  const post = () => {
    const n = ++created;
    return api("/leads", {
      token: key,
      method: "POST",
      json: { firstName: "Bench", lastName: `Created ${n}`, email: `bench.created.${n}@example.test`, phone: `+1 202 555 ${String(n).padStart(4, "0")}` },
    });
  };

  const scenarios: { name: string; status: number; call: (i: number) => Promise<Response> }[] = [
    { name: "GET /leads (first page)", status: 200, call: () => get("/leads") },
    { name: `GET /leads?offset=${DEEP_OFFSET}`, status: 200, call: () => get(`/leads?offset=${DEEP_OFFSET}&limit=20`) },
    {
      name: "GET /leads/search?phone=",
      status: 200,
      call: () => get(`/leads/search?phone=${encodeURIComponent(seededLead(0, random(MAIN_LEADS)).phone)}`),
    },
    {
      name: "GET /leads/search?email=",
      status: 200,
      call: () => get(`/leads/search?email=${encodeURIComponent(seededLead(0, random(MAIN_LEADS)).email)}`),
    },
    {
      name: "GET /leads/search?q= (a last name)",
      status: 200,
      call: (i) => get(`/leads/search?q=${encodeURIComponent(LAST_NAMES[i % LAST_NAMES.length] ?? "García")}`),
    },
    { name: "GET /leads?query= (a last name)", status: 200, call: (i) => get(`/leads?query=${encodeURIComponent(LAST_NAMES[i % LAST_NAMES.length] ?? "García")}`) },
    { name: "POST /leads (no plan limit)", status: 201, call: post },
  ];

  // Warm up connections, the route table and the query compiler.
  for (const scenario of scenarios) for (let i = 0; i < 5; i++) await (await scenario.call(i)).arrayBuffer();

  log("");
  log(`latency: request sent to body read, over loopback; ${CONCURRENCY} concurrent clients for c=${CONCURRENCY}`);
  const results: [string, Stats][] = [];
  const run = async (name: string, status: number, call: (i: number) => Promise<Response>) => {
    for (const [concurrency, requests] of [[1, SEQUENTIAL], [CONCURRENCY, CONCURRENT]] as const) {
      const stats = await measure(call, { requests, concurrency, expectStatus: status });
      results.push([name, stats]);
      log(formatStats(name, stats));
    }
  };
  for (const scenario of scenarios) await run(scenario.name, scenario.status, scenario.call);
  // With a plan limit, each creation also counts the organization's leads under the organization lock.
  await db.organization.update({ where: { id: measured.id }, data: { maxLeads: 10_000_000 } });
  await run("POST /leads (maxLeads set: counted)", 201, post);

  log("");
  log("EXPLAIN (ANALYZE, BUFFERS) of the statements behind these endpoints");
  const principal = await resolvePrincipalFromBearer(db, `Bearer ${key}`);
  const recorder = recordingClient(database.url);
  const listStatements = async (title: string, request: Partial<ListLeadsRequest>) => {
    const full: ListLeadsRequest = { limit: 20, offset: 0, sortBy: "createdAt", sortOrder: "desc", ...request };
    const statements = await recorder.capture((client) => listLeads({ db: client, principal }, full));
    return statements.map((statement, index): Target => ({ title: `${title} [${index + 1}/${statements.length}]`, statement }));
  };
  const searchStatement = (title: string, request: SearchLeadsRequest): Target => ({
    title,
    statement: fromPrismaSql(leadSearchSql(measured.id, request)),
    setup: request.q === undefined ? [] : [fromPrismaSql(fuzzyThresholdSql())],
  });
  const sample = seededLead(0, Math.floor(MAIN_LEADS / 3));
  const countStatements = await recorder.capture((client) => client.lead.count({ where: { organizationId: measured.id } }));
  const targets: Target[] = [
    ...(await listStatements("GET /leads", {})),
    ...(await listStatements(`GET /leads?offset=${DEEP_OFFSET}`, { offset: DEEP_OFFSET })),
    ...(await listStatements("GET /leads?sortOrder=asc", { sortOrder: "asc" })),
    ...(await listStatements("GET /leads?status=won", { status: "won" })),
    ...(await listStatements("GET /leads?query=fernández", { query: "fernández" })),
    searchStatement("GET /leads/search?phone=", { phone: sample.phone, limit: 10 }),
    searchStatement("GET /leads/search?email=", { email: sample.email, limit: 10 }),
    searchStatement("GET /leads/search?q=fernandez", { q: "fernandez", limit: 10 }),
    searchStatement("GET /leads/search?q=García", { q: "García", limit: 10 }),
    ...countStatements.map((statement): Target => ({ title: "POST /leads: maxLeads count", statement })),
  ];
  const plans: Plan[] = [];
  for (const target of targets) {
    const plan = await explain(database.url, target.title, target.statement, target.setup);
    plans.push(plan);
    log("");
    log(`--- ${plan.title}: ${verdict(plan)}`);
    log(target.statement.sql.replace(/\s+/g, " ").trim().slice(0, 400));
    log(plan.text);
  }
  await recorder.client.$disconnect();

  log("");
  log("summary");
  for (const [name, stats] of results) log(formatStats(name, stats));
  for (const plan of plans) log(`${verdict(plan)}  ${plan.title}`);
  log(`total time ${elapsed(started)}`);
  await db.$disconnect();
}

main().then(
  () => shutdown(0),
  (error: unknown) => {
    console.error(error);
    return shutdown(1);
  },
);
