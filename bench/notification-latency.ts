/**
 * `npx tsx bench/notification-latency.ts`: how long a notice takes from the
 * event to a signed-in browser. An organization of 40 reps with 100,000
 * realistic leads (BENCH_SCALE=0.1 for 10,000) and 200,000 older notices;
 * every rep holds the live stream open (`GET /api/notifications/stream`, the
 * route's handler behind a plain `node:http` server, read as a browser's
 * EventSource reads it). A manager then assigns leads one at a time through
 * the dashboard door (`leads.update`), at irregular gaps so the assignments
 * fall anywhere in the feed's one-second poll; for each we time the call's
 * start → the `notification` event parsed by that rep's stream, and the
 * call's return (committed) → the event. Beside it, in the same run, the bare
 * floor of a push design on the same server: a PostgreSQL NOTIFY → LISTEN
 * round trip. `BENCH_DATABASE_URL` puts the scratch database on that server.
 */
import http from "node:http";
import type { AddressInfo } from "node:net";
import { performance } from "node:perf_hooks";
import { readFileSync } from "node:fs";
import pg from "pg";
import { configureForTests } from "../server/config/config";
import { sendWebResponse, webRequestOf } from "../server/http/node-adapter";
import { notificationStream } from "../server/notifications/live-stream";
import { sessionCaller } from "../tests/dashboard/callers";
import { sessionCookie } from "../tests/security/support/dashboard-session";
import { connect, seedMember, seedOrganization } from "../tests/support/factories";
import { createBenchDatabase } from "./support/bench-database";
import { percentile } from "./support/measure";
import { seedRealisticLeads } from "./support/seed-realistic-leads";

configureForTests({ INMO_LOG: process.env.INMO_LOG ?? "silent" });
const log = (line = "") => process.stdout.write(`${line}\n`);
const LEADS = Math.round(100_000 * Number(process.env.BENCH_SCALE ?? 1));
const REPS = 40;
const SAMPLES = Number(process.env.BENCH_SAMPLES ?? 60);
const BACKGROUND_NOTICES = 200_000;

const summary = (name: string, values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  const f = (n: number) => n.toFixed(1).padStart(8);
  log(`${name.padEnd(44)} p50 ${f(percentile(sorted, 50))} ms  p95 ${f(percentile(sorted, 95))} ms  max ${f(sorted.at(-1)!)} ms  (n=${sorted.length})`);
};

/** One rep's stream, read like EventSource: calls `onNotice` with each notice's lead id as its event arrives. */
async function openStream(origin: string, cookie: string, onNotice: (leadId: string) => void): Promise<() => void> {
  const controller = new AbortController();
  const response = await fetch(`${origin}/stream`, { headers: { cookie }, signal: controller.signal });
  if (response.status !== 200 || !response.body) throw new Error(`stream answered ${response.status}`);
  const reader = response.body.pipeThrough(new TextDecoderStream()).getReader();
  let buffer = "";
  void (async () => {
    try {
      for (;;) {
        const { value, done } = await reader.read();
        if (done) return;
        buffer += value;
        let end: number;
        while ((end = buffer.indexOf("\n\n")) >= 0) {
          const block = buffer.slice(0, end);
          buffer = buffer.slice(end + 2);
          if (!block.includes("event: notification")) continue;
          const data = block.split("\n").find((line) => line.startsWith("data: "))!.slice(6);
          onNotice((JSON.parse(data) as { leadId: string }).leadId);
        }
      }
    } catch {
      // aborted at the end
    }
  })();
  return () => controller.abort();
}

async function main() {
  const database = await createBenchDatabase();
  configureForTests({ DATABASE_URL: database.url });
  const db = connect(database.url);
  const streams: (() => void)[] = [];
  let server: http.Server | undefined;
  try {
    const org = await seedOrganization(db, { name: "Notification bench", rateLimitExempt: true, maxLeads: null });
    const reps: string[] = [];
    for (let i = 0; i < REPS; i++) reps.push((await seedMember(db, org.id, { name: `Asesor ${i}` })).userId);
    await seedRealisticLeads(database.url, [{ organizationId: org.id, count: LEADS, tag: 1, assigneeIds: reps, projectIds: [] }]);
    // A month of older notices, so the feed's look reads a table of realistic size.
    await db.$executeRaw`
      INSERT INTO "Notification" ("id", "organizationId", "userId", "kind", "leadName", "readAt", "createdAt")
      SELECT gen_random_uuid(), ${org.id}::uuid, (${reps}::uuid[])[1 + (g % ${REPS})], 'lead_assigned', 'Lead ' || g,
             CASE WHEN g % 5 = 0 THEN NULL ELSE now() END, now() - (g * interval '13 seconds')
      FROM generate_series(1, ${BACKGROUND_NOTICES}) g`;
    await db.$executeRaw`ANALYZE "Notification"`;
    // New leads nobody holds yet, as a manager hands them out.
    const leads = await db.lead.findMany({ where: { organizationId: org.id, assignedToId: null, status: "new" }, select: { id: true, assignedToId: true }, take: SAMPLES, orderBy: { id: "asc" } });

    server = http.createServer((req, res) => void notificationStream(webRequestOf(req)).then((response) => sendWebResponse(req, res, response)));
    await new Promise<void>((resolve) => server!.listen(0, "127.0.0.1", resolve));
    const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

    const arrivals = new Map<string, number>();
    const waiters = new Map<string, () => void>();
    for (const rep of reps) {
      const cookie = await sessionCookie({ userId: rep, organizationId: org.id });
      streams.push(
        await openStream(origin, cookie, (leadId) => {
          arrivals.set(leadId, performance.now());
          waiters.get(leadId)?.();
        }),
      );
    }
    await new Promise((resolve) => setTimeout(resolve, 1_500));

    const manager = await sessionCaller(db, org.ownerId, org.id);
    const fromStart: number[] = [];
    const fromCommit: number[] = [];
    for (let i = 0; i < leads.length; i++) {
      const lead = leads[i]!;
      const to = reps[(reps.indexOf(lead.assignedToId ?? "") + 1 + i) % REPS]!;
      const arrived = new Promise<void>((resolve) => waiters.set(lead.id, resolve));
      const started = performance.now();
      await manager.leads.update({ leadId: lead.id, assignedToId: to });
      const committed = performance.now();
      await Promise.race([arrived, new Promise((resolve) => setTimeout(resolve, 10_000))]);
      const at = arrivals.get(lead.id);
      if (at === undefined) {
        const rows = await db.notification.findMany({ where: { leadId: lead.id } });
        throw new Error(`no notice for ${lead.id} within 10 s (rows: ${JSON.stringify(rows, (_, v) => (typeof v === "bigint" ? v.toString() : v))})`);
      }
      fromStart.push(at - started);
      fromCommit.push(at - committed);
      await new Promise((resolve) => setTimeout(resolve, 100 + ((i * 373) % 900)));
    }

    // The bare floor: NOTIFY on one connection, LISTEN on another, same server.
    const listener = new pg.Client({ connectionString: database.url });
    const notifier = new pg.Client({ connectionString: database.url });
    await Promise.all([listener.connect(), notifier.connect()]);
    await listener.query("LISTEN bench_notice");
    const bare: number[] = [];
    for (let i = 0; i < SAMPLES; i++) {
      const got = new Promise<void>((resolve) => listener.once("notification", () => resolve()));
      const started = performance.now();
      await notifier.query("SELECT pg_notify('bench_notice', $1)", [String(i)]);
      await got;
      bare.push(performance.now() - started);
    }
    await Promise.all([listener.end(), notifier.end()]);

    log(`notification latency — ${LEADS.toLocaleString("en")} leads, ${REPS} reps streaming, ${BACKGROUND_NOTICES.toLocaleString("en")} older notices, ${database.describe}`);
    log(`load average (1/5/15 min): ${readFileSync("/proc/loadavg", "utf8").split(" ").slice(0, 3).join(" ")}`);
    summary("assignment call start → SSE event at the rep", fromStart);
    summary("assignment committed → SSE event at the rep", fromCommit);
    summary("bare: pg NOTIFY → LISTEN (floor of a push design)", bare);
    log(`goal: < 3000 ms from the event; feed polls every 1000 ms per instance`);
  } finally {
    for (const close of streams) close();
    server?.closeAllConnections();
    server?.close();
    await db.$disconnect();
    await database.dispose();
    setTimeout(() => process.exit(0), 500).unref();
  }
}

void main();
