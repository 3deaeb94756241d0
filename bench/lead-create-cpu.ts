/**
 * `npx tsx bench/lead-create-cpu.ts`: the CPU one `POST /leads` costs, the
 * figure the machine's load does not change.
 *
 * An organization with 10,000 realistic leads (BENCH_LEADS to change it), a
 * catch-all pool of its 8 members and two webhook subscriptions
 * (`lead.created`, `lead.assigned`) on a loopback HTTPS receiver; then
 * BENCH_REQUESTS creates (default 1,000) at 8 concurrent clients against the
 * REST door served in this process (tests/support/api-server.ts, the adapter
 * `npm start` serves it with). Prints this process's CPU ms per created lead
 * (user + system: the app's share), PostgreSQL's backends' CPU ms per lead
 * when the server is local and readable (`/proc`), req/s and latencies. Run
 * with `node --cpu-prof` (via `NODE_OPTIONS`) to see where the app's share
 * goes; BENCH_SQL=1 prints the statements of one create first;
 * BENCH_PLAIN=1 creates with no pool and no subscription (the plainest create). `BENCH_DATABASE_URL` puts the scratch database on that server.
 */
import { loadavg } from "node:os";
import { configureForTests } from "../server/config/config";
import { startApiServer } from "../tests/support/api-server";
import { connect, seedMember, seedOrganization } from "../tests/support/factories";
import { startReceiver } from "../tests/webhooks/support/receiver";
import { createTestCertificates } from "../tests/webhooks/support/tls-fixture";
import { createBenchDatabase } from "./support/bench-database";
import { expectStatus, measure } from "./support/measure";
import { seedRealisticLeads } from "./support/seed-realistic-leads";
import { countStatements, postgresCpuSeconds, spentBetween } from "./support/statement-and-backend-cpu";

configureForTests({ INMO_LOG: process.env.INMO_LOG ?? "silent" });
const log = (line = "") => process.stdout.write(`${line}\n`);
const LEADS = Number(process.env.BENCH_LEADS ?? 10_000);
const REQUESTS = Number(process.env.BENCH_REQUESTS ?? 1_000);

const statements = countStatements({ record: process.env.BENCH_SQL === "1", width: 160 });

async function main() {
  const database = await createBenchDatabase();
  const db = connect(database.url);
  const certificates = createTestCertificates();
  const receiver = await startReceiver(certificates);
  configureForTests({ WEBHOOK_ALLOW_PRIVATE_TARGETS: true, WEBHOOK_EXTRA_CA_FILE: certificates.caFile });
  const server = await startApiServer(database.url);
  try {
    const org = await seedOrganization(db, { name: "Create bench", rateLimitExempt: true, maxLeads: Number(process.env.BENCH_MAX_LEADS ?? 0) || null });
    const members = [];
    for (let i = 0; i < 8; i++) members.push(await seedMember(db, org.id, { name: `Agente ${i}` }));
    await seedRealisticLeads(database.url, [{ organizationId: org.id, count: LEADS, tag: 1, assigneeIds: members.map((m) => m.userId), projectIds: [] }]);
    const plain = process.env.BENCH_PLAIN === "1";
    const pool = plain ? null : await server.api("/round-robin", { token: org.key, method: "POST", json: { name: "Intake", participantIds: members.map((m) => m.userId) } });
    if (pool && pool.status !== 201) throw new Error(`pool: ${pool.status} ${await pool.text()}`);
    for (const event of plain ? [] : ["lead.created", "lead.assigned"]) {
      const sub = await server.api("/webhooks/subscriptions", { token: org.key, method: "POST", json: { target_url: receiver.url(`/${event}`), event } });
      if (sub.status !== 201) throw new Error(`subscription: ${sub.status} ${await sub.text()}`);
    }
    let created = 0;
    const post = () =>
      server.api("/leads", { token: org.key, method: "POST", json: { firstName: "Bench", lastName: `Nuevo ${++created}`, email: `bench.${created}@nuevo.example` } });
    await measure("warm-up", expectStatus(post, 201), { requests: 200, concurrency: 8 });
    if (process.env.BENCH_SQL === "1") {
      statements.log.length = 0;
      await post();
      log("The statements of one create:");
      for (const line of statements.log) log(`  ${line}`);
    }
    const load = loadavg().map((n) => n.toFixed(2)).join(" ");
    const cpu0 = process.cpuUsage();
    const databaseName = new URL(database.url).pathname.slice(1);
    const pg0 = postgresCpuSeconds(databaseName);
    const statements0 = statements.count;
    const m = await measure("POST /leads", expectStatus(post, 201), { requests: REQUESTS, concurrency: 8 });
    const cpu = process.cpuUsage(cpu0);
    const pgMs = spentBetween(pg0, postgresCpuSeconds(databaseName)) * 1000;
    const appMs = (cpu.user + cpu.system) / 1000;
    log(`POST /leads c=8, ${m.requests} requests (${m.failures} failed) on ${LEADS.toLocaleString("en")} leads, ${plain ? "no pool, no subscription" : "routed by a pool, 2 subscriptions"} (${database.describe})`);
    log(`  ${m.throughput} req/s, p50 ${m.p50} ms, p95 ${m.p95} ms, p99 ${m.p99} ms`);
    log(`  CPU per created lead: app ${(appMs / m.requests).toFixed(2)} ms (this process, client included), PostgreSQL ${(pgMs / m.requests).toFixed(2)} ms (its backends for this database)`);
    log(`  statements per created lead: ${((statements.count - statements0) / m.requests).toFixed(1)}`);
    log(`  load average at start: ${load}; at end: ${loadavg().map((n) => n.toFixed(2)).join(" ")}`);
  } finally {
    await server.close();
    await receiver.close();
    certificates.remove();
    await db.$disconnect();
    await database.dispose();
  }
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
