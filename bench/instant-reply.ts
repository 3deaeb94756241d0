/**
 * The instant reply, from a lead's arrival to the reply accepted by the
 * provider (not a test): `POST /leads` over the REST door, the deferred job
 * queued in the same transaction, the embedded driver nudged after the
 * commit (as in the shipped server), the WhatsApp template accepted by the
 * loopback Cloud API, or the e-mail accepted by a loopback SMTP server after
 * the mail job. Latency percentiles per channel over BENCH_LEADS arrivals
 * (200), one at a time; in the same run, as the floor, the same Graph call
 * made straight to the fake with fetch.
 *
 *   npx tsx bench/instant-reply.ts
 *
 * Settings: BENCH_DATABASE_URL (else a scratch embedded PostgreSQL), BENCH_LEADS.
 */
import { mkdirSync, writeFileSync } from "node:fs";
import os from "node:os";
import { performance } from "node:perf_hooks";
import { configureForTests } from "../server/config/config";
import { deferredJobKinds } from "../server/jobs/deferred/kinds";
import { deferredJobRunner } from "../server/jobs/deferred/run-deferred-job";
import { EmbeddedDriver } from "../server/jobs/embedded/embedded-driver";
import { registerNudger } from "../server/jobs/nudge";
import { sendMailJob } from "../server/mail/send-mail-job";
import { closeSmtpTransports } from "../server/mail/smtp-transport";
import { sessionCaller } from "../tests/dashboard/callers";
import { startFakeGraph } from "../tests/fakes/whatsapp-graph";
import { startApiServer } from "../tests/support/api-server";
import { connect, seedOrganization } from "../tests/support/factories";
import { startSmtpCapture } from "../tests/support/smtp-capture";
import { createBenchDatabase } from "./support/bench-database";
import { percentile } from "./support/measure";
import { COMMON_SURNAMES, FIRST_NAMES } from "./support/seed-realistic-leads";

configureForTests({ INMO_LOG: process.env.INMO_LOG ?? "silent" });
const LEADS = Number(process.env.BENCH_LEADS ?? 200);
const log = (line = "") => process.stdout.write(`${line}\n`);

interface Row {
  name: string;
  samples: number[];
}

/** Resolves when `arrived()` holds, checking every 2 ms (the fake and the SMTP server record in this process). */
async function until(arrived: () => boolean, timeoutMs = 30_000): Promise<void> {
  const deadline = performance.now() + timeoutMs;
  while (!arrived()) {
    if (performance.now() > deadline) throw new Error("the reply never arrived");
    await new Promise((resolve) => setTimeout(resolve, 2));
  }
}

async function main() {
  const database = await createBenchDatabase();
  const graph = await startFakeGraph();
  const smtp = await startSmtpCapture();
  configureForTests({
    WHATSAPP_GRAPH_BASE_URL: graph.baseUrl,
    WHATSAPP_APP_SECRET: "bench-app-secret",
    WHATSAPP_VERIFY_TOKEN: "bench-verify-token",
    SMTP_URL: smtp.url,
  });
  const db = connect(database.url);
  const door = await startApiServer(database.url);
  const driver = new EmbeddedDriver({ db, jobs: [deferredJobRunner(deferredJobKinds), sendMailJob] });
  const unregister = registerNudger(() => driver.nudge());
  driver.start();
  try {
    const org = await seedOrganization(db, { rateLimitExempt: true, locale: "es" });
    const fake = graph.addSender();
    graph.setTemplates(fake.businessAccountId, [
      { name: "bienvenida", language: "es", category: "UTILITY", status: "APPROVED", body: "Hola {{1}}, gracias por escribirnos." },
    ]);
    const owner = await sessionCaller(db, org.ownerId, org.id);
    await owner.messaging.connectSender({ label: "Bench", phoneNumberId: fake.phoneNumberId, businessAccountId: fake.businessAccountId, accessToken: fake.accessToken });
    const email = { es: { subject: "Gracias, {name}", body: "Hola {name}:\n\nUn asesor te llamará en breve." } };
    const settings = { enabled: true, whatsApp: { templateName: "bienvenida", languages: { es: "es" } }, email };
    await owner.instantReply.updateSource({ source: "website", channels: ["whatsapp", "email"], ...settings });
    await owner.instantReply.updateSource({ source: "landing_page", channels: ["email"], ...settings });

    const arrive = (json: unknown) => door.api("/leads", { token: org.key, method: "POST", json });
    const person = (i: number) => ({ firstName: FIRST_NAMES[i % FIRST_NAMES.length]!, lastName: COMMON_SURNAMES[i % COMMON_SURNAMES.length]! });

    const whatsapp: Row = { name: "arrival → WhatsApp template accepted", samples: [] };
    const mail: Row = { name: "arrival → e-mail accepted by SMTP", samples: [] };
    const floor: Row = { name: "graph call alone (floor)", samples: [] };
    const warmUp = 20;
    for (let i = 0; i < LEADS + warmUp; i++) {
      const to = `50760${String(100000 + i)}`;
      const t0 = performance.now();
      const response = await arrive({ ...person(i), phone: `+${to}`, source: "website" });
      if (response.status !== 201) throw new Error(`POST /leads answered ${response.status}`);
      await until(() => graph.sends.some((send) => send.to === to));
      if (i >= warmUp) whatsapp.samples.push(performance.now() - t0);
    }
    for (let i = 0; i < LEADS + warmUp; i++) {
      const address = `lead${i}@example.com`;
      const t0 = performance.now();
      const response = await arrive({ ...person(i), email: address, source: "landing_page" });
      if (response.status !== 201) throw new Error(`POST /leads answered ${response.status}`);
      await until(() => smtp.messages.some((message) => message.envelopeTo.includes(address)));
      if (i >= warmUp) mail.samples.push(performance.now() - t0);
    }
    const bare = graph.addSender();
    for (let i = 0; i < LEADS; i++) {
      const t0 = performance.now();
      const response = await fetch(`${graph.baseUrl}/v24.0/${bare.phoneNumberId}/messages`, {
        method: "POST",
        headers: { Authorization: `Bearer ${bare.accessToken}`, "Content-Type": "application/json" },
        body: JSON.stringify({ messaging_product: "whatsapp", recipient_type: "individual", to: `50761${String(100000 + i)}`, type: "template", template: { name: "hello_world", language: { code: "en_US" } } }),
      });
      await response.arrayBuffer();
      floor.samples.push(performance.now() - t0);
    }

    const load = os.loadavg();
    log(`machine: ${os.cpus().length} cores, load ${load.map((n) => n.toFixed(1)).join(" ")}; ${database.describe}; ${LEADS} leads per channel, one at a time`);
    log("scenario                                     samples   p50 ms   p95 ms   p99 ms   max ms");
    const results = [whatsapp, mail, floor].map(({ name, samples }) => {
      const sorted = [...samples].sort((a, b) => a - b);
      const row = { name, samples: sorted.length, p50: percentile(sorted, 50), p95: percentile(sorted, 95), p99: percentile(sorted, 99), max: sorted.at(-1) ?? 0 };
      log(
        `${name.padEnd(44)} ${String(row.samples).padStart(7)} ${row.p50.toFixed(1).padStart(8)} ${row.p95.toFixed(1).padStart(8)} ${row.p99.toFixed(1).padStart(8)} ${row.max.toFixed(1).padStart(8)}`,
      );
      return row;
    });
    mkdirSync("bench/results", { recursive: true });
    const file = `bench/results/instant-reply-${new Date().toISOString().replace(/[:.]/g, "-")}.json`;
    writeFileSync(file, JSON.stringify({ at: new Date().toISOString(), cores: os.cpus().length, load, results }, null, 2));
    log(`written to ${file}`);
  } finally {
    unregister();
    await driver.stop({ timeoutMs: 2_000 });
    await door.close();
    await graph.close();
    closeSmtpTransports();
    await smtp.close();
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
