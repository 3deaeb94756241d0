/**
 * POST /whatsapp/send against the loopback WhatsApp Cloud API (not a test):
 * latency percentiles of the full send (bearer, lead and sender lookups, the
 * provider call, the message row, the timeline entry and its event in one
 * transaction), to a lead and to a raw number, at concurrency 1 and 4; and in
 * the same run, as the floor, the same Graph call made straight to the fake
 * with fetch (what any integration pays for the provider alone).
 *
 *   npx tsx bench/whatsapp-send.ts
 *
 * Settings: BENCH_DATABASE_URL (else a scratch embedded PostgreSQL),
 * BENCH_REQUESTS (800 per scenario), BENCH_SECONDS (15 per scenario).
 */
import { mkdirSync, writeFileSync } from "node:fs";
import os from "node:os";
import { sessionCaller } from "../tests/dashboard/callers";
import { startFakeGraph } from "../tests/fakes/whatsapp-graph";
import { startApiServer } from "../tests/support/api-server";
import { connect, seedLead, seedOrganization } from "../tests/support/factories";
import { observeEvents } from "../tests/support/observe-events";
import { createBenchDatabase } from "./support/bench-database";
import { expectStatus, measure, type Measurement } from "./support/measure";
import { configureForTests } from "../server/config/config";

configureForTests({ INMO_LOG: process.env.INMO_LOG ?? "silent" });
const BUDGET = { requests: Number(process.env.BENCH_REQUESTS ?? 800), maxSeconds: Number(process.env.BENCH_SECONDS ?? 15) };
const log = (line = "") => process.stdout.write(`${line}\n`);

async function main() {
  const database = await createBenchDatabase();
  const graph = await startFakeGraph();
  configureForTests({
    WHATSAPP_GRAPH_BASE_URL: graph.baseUrl,
    WHATSAPP_APP_SECRET: "bench-app-secret",
    WHATSAPP_VERIFY_TOKEN: "bench-verify-token",
  });
  const db = connect(database.url);
  const door = await startApiServer(database.url);
  try {
    const org = await seedOrganization(db, { rateLimitExempt: true });
    // Sends to a lead emit lead.communication_logged: with subscribers, as in a real organization, they are recorded.
    await observeEvents(db, org.id);
    const fake = graph.addSender();
    const owner = await sessionCaller(db, org.ownerId, org.id);
    await owner.messaging.connectSender({ label: "Bench", phoneNumberId: fake.phoneNumberId, businessAccountId: fake.businessAccountId, accessToken: fake.accessToken });
    const leads: { id: string }[] = [];
    for (let i = 0; i < 200; i++) leads.push(await seedLead(db, org.id, { firstName: `Lead ${i}`, phone: `+50760${String(100000 + i)}` }));

    const send = (json: unknown) => door.api("/whatsapp/send", { token: org.key, method: "POST", json });
    // Templates: they reach a contact with or without an open 24-hour window. Our sends are paced under Meta's
    // 80 messages/s per number, so the product's figures include that pacing; the bare Graph calls spread over
    // numbers of their own so the fake's throughput limit does not refuse them.
    const template = { name: "hello_world", language: "en_US" };
    const bare = Array.from({ length: 20 }, () => graph.addSender());
    const graphSend = (i: number) => {
      const number = bare[i % bare.length]!;
      return fetch(`${graph.baseUrl}/v24.0/${number.phoneNumberId}/messages`, {
        method: "POST",
        headers: { Authorization: `Bearer ${number.accessToken}`, "Content-Type": "application/json" },
        body: JSON.stringify({ messaging_product: "whatsapp", recipient_type: "individual", to: `50761${String(100000 + i)}`, type: "template", template: { name: "hello_world", language: { code: "en_US" } } }),
      });
    };

    // Warm up both paths (JIT, connection pools, prepared plans).
    for (let i = 0; i < 30; i++) {
      await send({ leadId: leads[i % leads.length]!.id, template });
      await graphSend(i);
    }

    const results: Measurement[] = [];
    for (const concurrency of [1, 4]) {
      const options = { ...BUDGET, concurrency };
      results.push(await measure(`graph call alone (c=${concurrency})`, expectStatus(graphSend, 200), options));
      results.push(
        await measure(`POST /whatsapp/send to a lead (c=${concurrency})`, expectStatus((i) => send({ leadId: leads[i % leads.length]!.id, template }), 201), options),
      );
      results.push(await measure(`POST /whatsapp/send to a number (c=${concurrency})`, expectStatus((i) => send({ to: `+50762${String(100000 + i)}`, template }), 201), options));
    }

    log(`machine: ${os.cpus().length} cores, load ${os.loadavg().map((n) => n.toFixed(1)).join(" ")}; ${database.describe}`);
    log("scenario                                           requests   p50 ms   p95 ms   p99 ms   max ms   req/s  failures");
    for (const r of results) {
      log(
        `${r.name.padEnd(50)} ${String(r.requests).padStart(8)} ${r.p50.toFixed(1).padStart(8)} ${r.p95.toFixed(1).padStart(8)} ${r.p99.toFixed(1).padStart(8)} ${r.max.toFixed(1).padStart(8)} ${String(r.throughput).padStart(7)} ${String(r.failures).padStart(9)}`,
      );
    }
    mkdirSync("bench/results", { recursive: true });
    const file = `bench/results/whatsapp-send-${new Date().toISOString().replace(/[:.]/g, "-")}.json`;
    writeFileSync(file, JSON.stringify({ at: new Date().toISOString(), cores: os.cpus().length, load: os.loadavg(), results }, null, 2));
    log(`written to ${file}`);
  } finally {
    await door.close();
    await graph.close();
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
