/**
 * Round robin (not a test): assignments per second through one pool of 4
 * with 8 concurrent writers (`POST /round-robin/assign` on unassigned leads:
 * lead lock, pool lock, pointer, history, event), and `POST /leads` latency
 * with routing on (a catch-all pool plus 20 pools with connections to match
 * against) versus off (no pool) in the same run. The routing budget is
 * ≤ 3 ms added at p50.
 *
 *   npx tsx bench/roundrobin.ts
 *
 * Settings: BENCH_DATABASE_URL (else a scratch embedded PostgreSQL),
 * BENCH_REQUESTS (1,000 per scenario), BENCH_SECONDS (15 per scenario).
 */
import { mkdirSync, writeFileSync } from "node:fs";
import os from "node:os";
import { startApiServer } from "../tests/support/api-server";
import { connect, seedLead, seedMember, seedOrganization } from "../tests/support/factories";
import { observeEvents } from "../tests/support/observe-events";
import { createBenchDatabase } from "./support/bench-database";
import { expectStatus, measure, type Measurement } from "./support/measure";
import { configureForTests } from "../server/config/config";

configureForTests({ INMO_LOG: process.env.INMO_LOG ?? "silent" });
const BUDGET = { requests: Number(process.env.BENCH_REQUESTS ?? 1_000), maxSeconds: Number(process.env.BENCH_SECONDS ?? 15) };
const log = (line = "") => process.stdout.write(`${line}\n`);

async function main() {
  const database = await createBenchDatabase();
  const db = connect(database.url);
  const door = await startApiServer(database.url);
  try {
    const routed = await seedOrganization(db, { rateLimitExempt: true, maxLeads: null });
    const plain = await seedOrganization(db, { rateLimitExempt: true, maxLeads: null });
    // With subscribers, as in a real organization: lead.created and lead.assigned are recorded.
    await observeEvents(db, routed.id);
    await observeEvents(db, plain.id);
    const agents = [];
    for (let i = 0; i < 4; i++) agents.push(await seedMember(db, routed.id, { name: `Agent ${i + 1}` }));
    const api = (token: string, path: string, json: unknown) => door.api(path, { token, method: "POST", json });

    const pool: { id: string } = await (await api(routed.key, "/round-robin", { name: "Catch-all", participantIds: agents.map((a) => a.userId) })).json();
    for (let i = 0; i < 20; i++) {
      await api(routed.key, "/round-robin", {
        name: `Campaign ${i}`,
        participantIds: [agents[i % 4]!.userId],
        connections: [{ source: "adplatform", adplatformFormId: `form-${i}` }, { source: "webhook", utmCampaign: `campaign-${i}` }],
      });
    }

    // Unassigned leads for the assign scenario: created in an organization state where nothing routes them.
    await db.roundRobinPool.updateMany({ where: { organizationId: routed.id }, data: { assignInboundLeads: false } });
    const waiting: string[] = [];
    for (let i = 0; i < BUDGET.requests; i++) waiting.push((await seedLead(db, routed.id, { firstName: `Waiting ${i}` })).id);
    await db.roundRobinPool.updateMany({ where: { organizationId: routed.id }, data: { assignInboundLeads: true } });
    await db.roundRobinPool.update({ where: { id: pool.id }, data: { assignManualLeads: true } });

    const createLead = (token: string) => (i: number) => api(token, "/leads", { email: `bench-${i}-${Math.random()}@example.test`, firstName: "Bench" });
    for (let i = 0; i < 30; i++) {
      await createLead(routed.key)(i);
      await createLead(plain.key)(i);
    }

    const results: Measurement[] = [];
    results.push(await measure("POST /leads, no pool (c=1)", expectStatus(createLead(plain.key), 201), { ...BUDGET, concurrency: 1 }));
    results.push(await measure("POST /leads, routed (c=1)", expectStatus(createLead(routed.key), 201), { ...BUDGET, concurrency: 1 }));
    results.push(await measure("POST /leads, no pool (c=4)", expectStatus(createLead(plain.key), 201), { ...BUDGET, concurrency: 4 }));
    results.push(await measure("POST /leads, routed (c=4)", expectStatus(createLead(routed.key), 201), { ...BUDGET, concurrency: 4 }));
    results.push(
      await measure(
        "POST /round-robin/assign, one pool (c=8)",
        async (i) => {
          const response = await api(routed.key, "/round-robin/assign", { leadId: waiting[i]!, source: "manual" });
          const body = (await response.json()) as { assigned?: boolean };
          return response.status === 200 && body.assigned === true;
        },
        { ...BUDGET, concurrency: 8 },
      ),
    );

    const perUser = await db.roundRobinAssignment.groupBy({ by: ["assignedUserId"], where: { roundRobinId: pool.id }, _count: { _all: true } });
    log(`machine: ${os.cpus().length} cores, load ${os.loadavg().map((n) => n.toFixed(1)).join(" ")}; ${database.describe}`);
    log("scenario                                     requests   p50 ms   p95 ms   p99 ms   max ms   req/s  failures");
    for (const r of results) {
      log(
        `${r.name.padEnd(44)} ${String(r.requests).padStart(8)} ${r.p50.toFixed(1).padStart(8)} ${r.p95.toFixed(1).padStart(8)} ${r.p99.toFixed(1).padStart(8)} ${r.max.toFixed(1).padStart(8)} ${String(r.throughput).padStart(7)} ${String(r.failures).padStart(9)}`,
      );
    }
    log(`routing cost at p50 (c=1): ${(results[1]!.p50 - results[0]!.p50).toFixed(2)} ms; catch-all pool shares: ${perUser.map((p) => p._count._all).join(" / ")}`);
    mkdirSync("bench/results", { recursive: true });
    const file = `bench/results/roundrobin-${new Date().toISOString().replace(/[:.]/g, "-")}.json`;
    writeFileSync(file, JSON.stringify({ at: new Date().toISOString(), cores: os.cpus().length, load: os.loadavg(), results }, null, 2));
    log(`written to ${file}`);
  } finally {
    await door.close();
    await db.$disconnect();
    await database.dispose();
  }
}

main().then(
  () => process.exit(0),
  (error: unknown) => {
    console.error(error);
    process.exit(1);
  },
);
