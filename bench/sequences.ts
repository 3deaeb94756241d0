/**
 * Call sequences (not a test): how long `POST /sequences/{id}/launch` takes
 * to enrol 5,000 contacts, and the dispatch rate the embedded driver holds
 * against `maxPerMinute` 60 in real time (a window open all day, every day).
 * The budget: launch ≤ 2 s; dispatches within ±5 % of 1 per second.
 *
 *   npx tsx bench/sequences.ts
 *
 * Settings: BENCH_DATABASE_URL (else a scratch embedded PostgreSQL),
 * BENCH_SECONDS (dispatch window measured, default 180).
 */
import { mkdirSync, writeFileSync } from "node:fs";
import os from "node:os";
import { EmbeddedDriver } from "../server/jobs/embedded/embedded-driver";
import { dispatchSequenceContactJob } from "../server/sequences/dispatch-sequence-job";
import { planSequenceSlotsJob } from "../server/sequences/plan-sequence-slots-job";
import { startApiServer } from "../tests/support/api-server";
import { connect, seedOrganization } from "../tests/support/factories";
import { createBenchDatabase } from "./support/bench-database";
import { configureForTests } from "../server/config/config";

configureForTests({ INMO_LOG: process.env.INMO_LOG ?? "silent" });
const SECONDS = Number(process.env.BENCH_SECONDS ?? 180);
const log = (line = "") => process.stdout.write(`${line}\n`);

async function main() {
  const database = await createBenchDatabase();
  const db = connect(database.url);
  const door = await startApiServer(database.url);
  try {
    const org = await seedOrganization(db, { rateLimitExempt: true, maxLeads: null });
    await db.$executeRaw`
      INSERT INTO "Lead" ("id", "organizationId", "phone", "updatedAt")
      SELECT 'lead_' || substr(md5(random()::text || g::text), 1, 24), ${org.id}::uuid, '+1555' || g::text, now()
      FROM generate_series(1, 5000) g`;
    const throttle = { maxPerMinute: 60, businessHoursStart: "00:00", businessHoursEnd: "23:59", timezone: "UTC", weekdays: [1, 2, 3, 4, 5, 6, 7] };
    const created = await door.api("/sequences", { token: org.key, method: "POST", json: { name: "Bench", criteria: {}, throttle } });
    const { id } = (await created.json()) as { id: string };

    const started = performance.now();
    const launched = await door.api(`/sequences/${id}/launch`, { token: org.key, method: "POST" });
    const launchMs = performance.now() - started;
    const { enqueued } = (await launched.json()) as { enqueued: number };
    log(`launch: ${enqueued} contacts enrolled in ${launchMs.toFixed(0)} ms (budget 2000 ms)`);

    const driver = new EmbeddedDriver({ db, jobs: [planSequenceSlotsJob, dispatchSequenceContactJob] });
    driver.start();
    const from = new Date();
    await new Promise((resolve) => setTimeout(resolve, SECONDS * 1000));
    await driver.stop();
    const sent = await db.sequenceContact.findMany({
      where: { sequenceId: id, status: "sent", dispatchedAt: { gte: from } },
      select: { dispatchedAt: true },
      orderBy: { dispatchedAt: "asc" },
    });
    const times = sent.map((contact) => contact.dispatchedAt!.getTime());
    const gaps = times.slice(1).map((time, i) => time - times[i]!);
    const perMinute = (sent.length / SECONDS) * 60;
    const sorted = [...gaps].sort((a, b) => a - b);
    const pick = (q: number) => sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? 0;
    log(`dispatch: ${sent.length} in ${SECONDS} s = ${perMinute.toFixed(1)}/min against 60/min; gap p50 ${pick(0.5)} ms, p95 ${pick(0.95)} ms, max ${sorted.at(-1) ?? 0} ms`);
    mkdirSync("bench/results", { recursive: true });
    const file = `bench/results/sequences-${new Date().toISOString().replace(/[:.]/g, "-")}.json`;
    writeFileSync(
      file,
      JSON.stringify({ at: new Date().toISOString(), cores: os.cpus().length, load: os.loadavg(), database: database.describe, launchMs, enqueued, seconds: SECONDS, dispatched: sent.length, perMinute, gapP50: pick(0.5), gapP95: pick(0.95) }, null, 2),
    );
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
