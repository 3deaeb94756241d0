/**
 * Round robin (not a test): assignments per second through one pool of 4
 * with 8 concurrent writers (`POST /round-robin/assign` on unassigned leads:
 * lead lock, pool lock, pointer, history, event), and `POST /leads` latency
 * with routing on (a catch-all pool plus 20 pools with connections to match
 * against) versus off (no pool) in the same run. The routing budget is
 * ≤ 3 ms added at p50. Also the rotation's decision alone (`takeTurn`: pool
 * lock, candidates with weights, caps, out-of-office and working hours, the
 * weighted pick, pointer and running weights written) in a transaction of
 * its own beside a bare transaction (lock the pool row only), budget 50 ms
 * p95, and 100 concurrent decisions into one pool (no turn taken twice).
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
import { takeTurn } from "../server/round-robin/take-turn";
import { countSimulatedTurn, rotationCandidates } from "../server/round-robin/participant-availability";
import { pickParticipant } from "../server/round-robin/pick-participant";

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

    // The decision alone, in a pool of 10 with weights, caps, hours and an absence, beside a bare transaction.
    const deciders = [];
    for (let i = 0; i < 10; i++) deciders.push(await seedMember(db, routed.id, { name: `María González ${i}` }));
    const weighted: { id: string } = await (
      await api(routed.key, "/round-robin", {
        name: "Weighted",
        assignInboundLeads: false,
        participantIds: deciders.map((d) => d.userId),
        participantSettings: deciders.map((d, i) => ({ userId: d.userId, weight: 1 + (i % 5), dailyCap: i % 3 === 0 ? 1000 : null })),
      })
    ).json();
    await db.membership.update({ where: { id: deciders[0]!.membershipId }, data: { workingHours: { start: "00:00", end: "23:59", weekdays: [1, 2, 3, 4, 5, 6, 7] } } });
    await db.membership.update({ where: { id: deciders[1]!.membershipId }, data: { outOfOfficeFrom: new Date("2000-01-01") } });
    const decide = async () => {
      const turn = await db.$transaction((tx) => takeTurn(tx, routed.id, weighted.id));
      return turn !== null;
    };
    const bare = async () => {
      await db.$transaction((tx) => tx.$queryRaw`SELECT "id" FROM "RoundRobinPool" WHERE "id" = ${weighted.id}::uuid FOR NO KEY UPDATE`);
      return true;
    };
    results.push(await measure("bare transaction, pool lock (c=1)", bare, { ...BUDGET, concurrency: 1 }));
    results.push(await measure("rotation decision, weighted pool of 10 (c=1)", decide, { ...BUDGET, concurrency: 1 }));
    // What 100 turns one after the other would give, from the same state: concurrent turns must give exactly that.
    let pointer = (await db.roundRobinPool.findUniqueOrThrow({ where: { id: weighted.id } })).nextParticipantOrder;
    let candidates = await rotationCandidates(db, weighted.id);
    const expected = new Map<string, number>();
    for (let i = 0; i < 100; i++) {
      const pick = pickParticipant(candidates, pointer)!;
      expected.set(pick.chosen.userId, (expected.get(pick.chosen.userId) ?? 0) + 1);
      pointer = pick.nextPointer;
      candidates = countSimulatedTurn(candidates, pick.chosen.userId, pick.currentWeights);
    }
    const turns = await Promise.all(Array.from({ length: 100 }, () => db.$transaction((tx) => takeTurn(tx, routed.id, weighted.id), { timeout: 30_000 })));
    const got = new Map<string, number>();
    for (const turn of turns) if (turn) got.set(turn.userId, (got.get(turn.userId) ?? 0) + 1);
    const same = [...expected].every(([userId, n]) => got.get(userId) === n) && got.size === expected.size;
    log(`100 concurrent decisions into one pool: ${turns.filter(Boolean).length} turns; shares ${same ? "equal" : "DIFFER from"} 100 sequential turns (${[...got.values()].join("/")})`);

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
