/**
 * `npx tsx bench/lead-import.ts`: importing a CSV of 10,000 leads, 10 % of them duplicates.
 *
 * An organization with 100,000 realistic leads (bench/support/
 * seed-realistic-leads.ts: ten common Latin-American surnames, repeating
 * first names) and a CSV of 10,000 rows in the same style, 1,000 of which
 * carry the e-mail of a lead the organization already has. Measured, as the
 * product does it: the dashboard's `leads.imports.start` over real HTTP (the
 * file parsed and every row checked as `POST /leads` checks a body), then the
 * `run-lead-import` job driven by the embedded driver until the import is
 * completed (500 rows per transaction through `writeIntakeChunk`: the
 * duplicate match, routing, plan limit, events, timeline, duplicate
 * suggestions and progress in set-sized statements) under `onDuplicate: skip`.
 * The bare baseline, in the same run: one `INSERT … SELECT FROM unnest(…)`
 * of the same 9,000 new rows into another organization (no check, no event,
 * no timeline). Goal: under 20 s. `BENCH_DATABASE_URL` puts the scratch
 * database on that server; BENCH_SCALE=0.1 for 1,000 rows; BENCH_SQL=1 adds
 * the database time of each kind of statement the import sent.
 */
import { loadavg } from "node:os";
import { performance } from "node:perf_hooks";
import pg from "pg";
import { configureForTests } from "../server/config/config";
import { EmbeddedDriver } from "../server/jobs/embedded/embedded-driver";
import { runDeferredJob } from "../server/jobs/deferred/run-deferred-job";
import { startApiServer } from "../tests/support/api-server";
import { connect, seedMember, seedOrganization } from "../tests/support/factories";
import { callTrpc, sessionCookie } from "../tests/security/support/dashboard-session";
import { createBenchDatabase } from "./support/bench-database";
import { COMMON_SURNAMES, FIRST_NAMES, seedRealisticLeads } from "./support/seed-realistic-leads";

/** Under BENCH_SQL=1: the database time of each kind of statement (its first words) while the import runs. */
const statementTimes = new Map<string, { count: number; ms: number }>();
let timing = false;
if (process.env.BENCH_SQL === "1") {
  const query = pg.Client.prototype.query as (...args: unknown[]) => unknown;
  pg.Client.prototype.query = function (this: pg.Client, ...args: unknown[]) {
    const result = query.apply(this, args);
    const text = typeof args[0] === "string" ? args[0] : (args[0] as { text?: string } | undefined)?.text;
    if (!timing || !(result instanceof Promise) || text === undefined) return result;
    const key = text.replace(/\s+/g, " ").trim().slice(0, 90);
    const t0 = performance.now();
    return result.finally(() => {
      const entry = statementTimes.get(key) ?? { count: 0, ms: 0 };
      entry.count++;
      entry.ms += performance.now() - t0;
      statementTimes.set(key, entry);
    });
  } as typeof pg.Client.prototype.query;
}

configureForTests({ INMO_LOG: process.env.INMO_LOG ?? "silent" });
const log = (line = "") => process.stdout.write(`${line}\n`);
const ROWS = Math.round(10_000 * Number(process.env.BENCH_SCALE ?? 1));
const DUPLICATES = Math.round(ROWS / 10);
const SEEDED = 100_000;
const GOAL_SECONDS = 20;

function csvOf(existingEmails: string[]): { text: string; fresh: { first: string; last: string; email: string; phone: string }[] } {
  const fresh: { first: string; last: string; email: string; phone: string }[] = [];
  const lines = ["Nombre,Apellido,Correo,Teléfono,Ciudad"];
  for (let i = 0; i < ROWS; i++) {
    const first = FIRST_NAMES[i % FIRST_NAMES.length]!;
    const last = COMMON_SURNAMES[(i * 7) % COMMON_SURNAMES.length]!;
    if (i % 10 === 0 && existingEmails.length > 0) {
      lines.push(`${first},${last},${existingEmails[(i / 10) % existingEmails.length]},,Bogotá`);
      continue;
    }
    const email = `${first}.${last}.import${i}@correo.example`.toLowerCase().normalize("NFD").replace(/\p{Diacritic}/gu, "");
    const phone = `+57310${String(i).padStart(7, "0")}`;
    fresh.push({ first, last, email, phone });
    lines.push(`${first},${last},${email},${phone},Medellín`);
  }
  return { text: lines.join("\n"), fresh };
}

async function main() {
  const database = await createBenchDatabase();
  const db = connect(database.url);
  const server = await startApiServer(database.url);
  try {
    const org = await seedOrganization(db, { name: "Import bench", rateLimitExempt: true, maxLeads: null });
    const other = await seedOrganization(db, { name: "Baseline", rateLimitExempt: true, maxLeads: null });
    await seedRealisticLeads(database.url, [{ organizationId: org.id, count: SEEDED, tag: 1, assigneeIds: [(await seedMember(db, org.id)).userId], projectIds: [] }]);
    const existing = await db.lead.findMany({ where: { organizationId: org.id, email: { not: null } }, select: { email: true }, take: DUPLICATES });
    const { text, fresh } = csvOf(existing.map((lead) => lead.email!));
    const cookie = await sessionCookie({ userId: org.ownerId, organizationId: org.id });
    const mapping = { firstName: 0, lastName: 1, email: 2, phone: 3, city: 4 };
    log(`Seeded ${SEEDED.toLocaleString("en")} leads; CSV of ${ROWS.toLocaleString("en")} rows (${DUPLICATES} duplicates), ${(text.length / 1024).toFixed(0)} KB (${database.describe}).`);

    const load = loadavg().map((n) => n.toFixed(2)).join(" ");
    const started = performance.now();
    timing = true;
    const response = await callTrpc(server, "leads.imports.start", {
      cookie,
      mutation: true,
      input: { fileName: "bench.csv", content: text, mapping, onDuplicate: "skip" },
    });
    const answer = (await response.json()) as { result?: { data: { id: string } } };
    if (!answer.result) throw new Error(`start answered ${response.status}: ${JSON.stringify(answer)}`);
    const uploaded = performance.now();
    const driver = new EmbeddedDriver({ db, jobs: [runDeferredJob] });
    while ((await driver.runDue()) > 0) {
      // one chunk per claim until the import is done
    }
    const finished = performance.now();
    timing = false;
    const outcome = await db.leadImport.findUniqueOrThrow({ where: { id: answer.result.data.id } });
    if (outcome.status !== "completed") throw new Error(`import ended ${outcome.status}: ${outcome.failure}`);

    const client = new pg.Client({ connectionString: database.url });
    await client.connect();
    const bareStarted = performance.now();
    await client.query(
      `INSERT INTO "Lead" ("id", "organizationId", "firstName", "lastName", "email", "phone", "city", "updatedAt")
       SELECT 'lead_' || substr(md5(random()::text), 1, 24), $1::uuid, f, l, e, p, 'Medellín', now()
       FROM unnest($2::text[], $3::text[], $4::text[], $5::text[]) AS t(f, l, e, p)`,
      [other.id, fresh.map((r) => r.first), fresh.map((r) => r.last), fresh.map((r) => r.email), fresh.map((r) => r.phone)],
    );
    const bare = (performance.now() - bareStarted) / 1000;
    await client.end();

    const total = (finished - started) / 1000;
    log();
    log(`import (upload + job):     ${total.toFixed(2)} s  (upload and check ${((uploaded - started) / 1000).toFixed(2)} s, job ${((finished - uploaded) / 1000).toFixed(2)} s)  ${Math.round(ROWS / total)} rows/s`);
    log(`  outcome: ${outcome.createdCount} created, ${outcome.skippedCount} skipped, ${outcome.updatedCount} updated, ${outcome.refusedCount} refused`);
    log(`bare INSERT … unnest:      ${bare.toFixed(2)} s  (${fresh.length} rows, no checks, events or timeline)`);
    log(`load average at start: ${load}; at end: ${loadavg().map((n) => n.toFixed(2)).join(" ")}`);
    for (const [key, { count, ms }] of [...statementTimes].sort((a, b) => b[1].ms - a[1].ms).slice(0, 25)) {
      log(`  ${(ms / 1000).toFixed(2).padStart(7)} s ${String(count).padStart(6)}× ${key}`);
    }
    log(`Goal: ${ROWS.toLocaleString("en")} rows in < ${GOAL_SECONDS} s: ${total < GOAL_SECONDS ? "met" : "NOT met"} (${(total / bare).toFixed(0)}× bare).`);
  } finally {
    await server.close();
    await db.$disconnect();
    await database.dispose();
  }
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
