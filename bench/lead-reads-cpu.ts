/**
 * `npx tsx bench/lead-reads-cpu.ts`: the CPU the three lead reads of issue
 * 29's table cost — `GET /leads` (first page), `GET /leads/search?q=Fernández`,
 * `GET /leads?query=Torres` — per request, the figures the machine's load
 * does not change: this process's CPU (the REST door served in-process,
 * client included), PostgreSQL's backends' CPU for the database, and
 * statements per request; then req/s and latencies.
 *
 * One organization of 100,000 realistic leads (BENCH_LEADS to change it) in a
 * scratch database, or in one kept between runs when BENCH_KEEP=<name> names
 * it (on BENCH_DATABASE_URL's server, else the local one; seeded on the first
 * run, its API key remembered in /tmp/<name>.json). BENCH_PATHS (comma-
 * separated) and BENCH_CONCURRENCY (default 1) choose the requests;
 * BENCH_REQUESTS how many of each (default 1,000); BENCH_SQL=1 prints each
 * request's statements.
 */
import { existsSync, readFileSync, writeFileSync } from "node:fs";
import { loadavg } from "node:os";
import pg from "pg";
import { configureForTests } from "../server/config/config";
import { startApiServer } from "../tests/support/api-server";
import { withDatabase } from "../tests/support/local-postgres";
import { connect, seedMember, seedOrganization, seedProject } from "../tests/support/factories";
import { applyMigrations } from "../server/db/migrations";
import { createBenchDatabase } from "./support/bench-database";
import { expectStatus, measure } from "./support/measure";
import { seedRealisticLeads } from "./support/seed-realistic-leads";
import { countStatements, postgresCpuSeconds, spentBetween } from "./support/statement-and-backend-cpu";

configureForTests({ INMO_LOG: process.env.INMO_LOG ?? "silent" });
const log = (line = "") => process.stdout.write(`${line}\n`);
const LEADS = Number(process.env.BENCH_LEADS ?? 100_000);
const REQUESTS = Number(process.env.BENCH_REQUESTS ?? 1_000);

const statements = countStatements({ record: process.env.BENCH_SQL === "1", width: 200 });

async function keptDatabase(name: string) {
  const serverUrl = process.env.BENCH_DATABASE_URL ?? "postgres://postgres@127.0.0.1:5432/postgres";
  const url = withDatabase(serverUrl, name);
  const state = `/tmp/${name}.json`;
  if (existsSync(state)) {
    await applyMigrations(url);
    return { url, key: (JSON.parse(readFileSync(state, "utf8")) as { key: string }).key };
  }
  const admin = new pg.Client({ connectionString: withDatabase(serverUrl, "postgres") });
  await admin.connect();
  await admin.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
  await admin.query(`CREATE DATABASE "${name}"`);
  await admin.end();
  await applyMigrations(url);
  const key = await seed(url);
  writeFileSync(state, JSON.stringify({ key }));
  return { url, key };
}

async function seed(url: string): Promise<string> {
  const db = connect(url);
  const org = await seedOrganization(db, { name: "Reads bench", rateLimitExempt: true, maxLeads: null });
  const members = [];
  for (let i = 0; i < 8; i++) members.push(await seedMember(db, org.id, { name: `Agente ${i}` }));
  const projects = [];
  for (let i = 0; i < 5; i++) projects.push(await seedProject(db, org.id, { name: `Proyecto ${i}` }));
  await seedRealisticLeads(url, [{ organizationId: org.id, count: LEADS, tag: 1, assigneeIds: members.map((m) => m.userId), projectIds: projects.map((p) => p.id) }]);
  await db.$disconnect();
  return org.key;
}

async function main() {
  const kept = process.env.BENCH_KEEP;
  const scratch = kept ? undefined : await createBenchDatabase();
  const { url, key } = kept ? await keptDatabase(kept) : { url: scratch!.url, key: await seed(scratch!.url) };
  const server = await startApiServer(url);
  const databaseName = new URL(url).pathname.slice(1);
  try {
    const paths = (process.env.BENCH_PATHS ?? "/leads,/leads/search?q=Fernández,/leads?query=Torres").split(",");
    for (const path of paths) {
      const get = () => server.api(encodeURI(path).replace(/%25/g, "%"), { token: key });
      const concurrency = Number(process.env.BENCH_CONCURRENCY ?? 1);
      await measure("warm-up", expectStatus(get, 200), { requests: 200, concurrency });
      if (process.env.BENCH_SQL === "1") {
        statements.log.length = 0;
        await get();
        log(`The statements of GET ${path}:`);
        for (const line of statements.log) log(`  ${line}`);
      }
      const load = loadavg().map((n) => n.toFixed(2)).join(" ");
      const cpu0 = process.cpuUsage();
      const pg0 = postgresCpuSeconds(databaseName);
      const statements0 = statements.count;
      const m = await measure(path, expectStatus(get, 200), { requests: REQUESTS, concurrency });
      const cpu = process.cpuUsage(cpu0);
      const pgMs = spentBetween(pg0, postgresCpuSeconds(databaseName)) * 1000;
      const appMs = (cpu.user + cpu.system) / 1000;
      log(`GET ${path} c=${concurrency}, ${m.requests} requests (${m.failures} failed), load ${load}`);
      log(`  ${m.throughput} req/s, p50 ${m.p50} ms, p95 ${m.p95} ms, p99 ${m.p99} ms`);
      log(`  CPU per request: app ${(appMs / m.requests).toFixed(2)} ms, PostgreSQL ${(pgMs / m.requests).toFixed(2)} ms; statements ${((statements.count - statements0) / m.requests).toFixed(1)}`);
    }
  } finally {
    await server.close();
    await scratch?.dispose();
  }
}

main().then(
  () => process.exit(0),
  (error) => {
    console.error(error);
    process.exit(1);
  },
);
