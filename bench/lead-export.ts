/**
 * `node --expose-gc --import tsx bench/lead-export.ts`: exporting 100,000 leads as CSV.
 *
 * An organization with 100,000 realistic leads (bench/support/
 * seed-realistic-leads.ts: ten common Latin-American surnames, repeating
 * first names, assignees and projects whose names the export carries)
 * beside a second organization of the same size. Measured, three timed runs
 * each, then one more sampling memory (its own pauses would distort a time):
 * - `GET /api/v1/leads/export` through the REST door on real HTTP (the
 *   in-process server the tests use, so its memory is this process's),
 *   the body read as it streams and counted, never kept; wall time, bytes,
 *   rows, and the growth of the live heap (after a forced collection, every
 *   2 s: run with `node --expose-gc`) and of RSS over the run, against the
 *   size of the CSV: a door that held the rows would grow by at least that much;
 * - the bare baseline: PostgreSQL's own `COPY (SELECT … the same columns and
 *   joins, same order) TO STDOUT (FORMAT csv, HEADER)` through `pg` and
 *   `pg-copy-streams`, streamed and counted the same way.
 * Goal: 100,000 leads in under 30 s, memory growth well under the CSV's size.
 * `BENCH_DATABASE_URL` puts the scratch database on that server; BENCH_SCALE=0.1 for 10,000.
 */
import os from "node:os";
import { performance } from "node:perf_hooks";
import pg from "pg";
import { to as copyTo } from "pg-copy-streams";
import { configureForTests } from "../server/config/config";
import { startApiServer } from "../tests/support/api-server";
import { connect, seedMember, seedOrganization, seedProject } from "../tests/support/factories";
import { createBenchDatabase } from "./support/bench-database";
import { seedRealisticLeads } from "./support/seed-realistic-leads";

configureForTests({ INMO_LOG: process.env.INMO_LOG ?? "silent" });
const log = (line = "") => process.stdout.write(`${line}\n`);
const LEADS = Math.round(100_000 * Number(process.env.BENCH_SCALE ?? 1));
const RUNS = 3;
const GOAL_SECONDS = 30;
const MB = 1024 * 1024;

interface Run {
  seconds: number;
  bytes: number;
  rows: number;
  heapGrowthMb: number;
  rssGrowthMb: number;
  /** CPU time of this process over the run (the door runs in it): what the machine's load does not change. */
  cpuSeconds: number;
}

/**
 * Runs `work` while sampling this process's memory every 2 s (seldom: each sample is a full collection): the live
 * heap (measured right after a forced collection, so garbage not yet
 * collected does not count; run with --expose-gc) and RSS. Growth is the
 * peak over the level before it started.
 */
async function sampled(work: () => Promise<{ bytes: number; rows: number }>, sampleMemory: boolean): Promise<Run> {
  const collect = sampleMemory && globalThis.gc ? globalThis.gc : () => {};
  collect();
  const before = process.memoryUsage();
  let heapPeak = before.heapUsed;
  let rssPeak = before.rss;
  const timer = setInterval(() => {
    if (!sampleMemory) return;
    collect();
    const now = process.memoryUsage();
    heapPeak = Math.max(heapPeak, now.heapUsed);
    rssPeak = Math.max(rssPeak, now.rss);
  }, 2_000);
  const started = performance.now();
  const cpu = process.cpuUsage();
  try {
    const { bytes, rows } = await work();
    const used = process.cpuUsage(cpu);
    return {
      seconds: (performance.now() - started) / 1000,
      bytes,
      rows,
      heapGrowthMb: (heapPeak - before.heapUsed) / MB,
      rssGrowthMb: (rssPeak - before.rss) / MB,
      cpuSeconds: (used.user + used.system) / 1e6,
    };
  } finally {
    clearInterval(timer);
  }
}

/** Bytes and line breaks of a stream of chunks, nothing kept (a quoted multi-line note would count twice; the seed has none). */
async function count(chunks: AsyncIterable<Uint8Array | Buffer>): Promise<{ bytes: number; rows: number }> {
  let bytes = 0;
  let lines = 0;
  for await (const chunk of chunks) {
    bytes += chunk.length;
    // indexOf, not a loop over every byte: the count must cost the reader little beside the export it measures.
    for (let at = chunk.indexOf(10); at !== -1; at = chunk.indexOf(10, at + 1)) lines++;
  }
  return { bytes, rows: lines - 1 };
}

const BARE_SQL = `
  COPY (
    SELECT l."id", l."firstName", l."lastName", l."email", l."phone", l."company", l."jobTitle", l."status", l."source",
           l."stageId", s."name", l."estimatedValue", l."score", l."temperature", l."city", l."state", l."country",
           l."projectId", p."name", l."unitId", l."assignedToId", u."name", u."email", l."doNotCall", l."notes",
           l."customFields", l."sourceMetadata", l."createdAt", l."updatedAt", l."lastActivityAt"
    FROM "Lead" l
    LEFT JOIN "PipelineStage" s ON s."id" = l."stageId"
    LEFT JOIN "Project" p ON p."id" = l."projectId"
    LEFT JOIN "User" u ON u."id" = l."assignedToId"
    WHERE l."organizationId" = '%ORG%'
    ORDER BY l."createdAt" DESC, l."id" DESC
  ) TO STDOUT (FORMAT csv, HEADER)`;

function describeRuns(name: string, all: Run[]): string {
  const runs = all.slice(0, RUNS);
  const memory = all[RUNS]!;
  const best = [...runs].sort((a, b) => a.seconds - b.seconds)[0]!;
  const seconds = runs.map((r) => r.seconds.toFixed(2)).join(" / ");
  const cpu = runs.map((r) => r.cpuSeconds.toFixed(2)).join(" / ");
  const heap = memory.heapGrowthMb.toFixed(1);
  const rss = memory.rssGrowthMb.toFixed(1);
  const rate = Math.round(best.rows / best.seconds).toLocaleString("en");
  return `${name.padEnd(34)} ${seconds.padEnd(22)} s  ${best.rows} rows  ${(best.bytes / MB).toFixed(1)} MB  ${rate} rows/s  heap +${heap} MB  rss +${rss} MB  CPU ${cpu} s`;
}

async function main() {
  const database = await createBenchDatabase();
  const db = connect(database.url);
  const server = await startApiServer(database.url);
  try {
    const started = performance.now();
    const org = await seedOrganization(db, { name: "Export bench", rateLimitExempt: true, maxLeads: null });
    const other = await seedOrganization(db, { name: "Other tenant", rateLimitExempt: true, maxLeads: null });
    const assignees: string[] = [];
    for (let i = 0; i < 12; i++) assignees.push((await seedMember(db, org.id, { name: `Asesora ${i + 1}` })).userId);
    const projects: string[] = [];
    for (let i = 0; i < 4; i++) projects.push((await seedProject(db, org.id, { name: `Torre ${i + 1}` })).id);
    await seedRealisticLeads(database.url, [
      { organizationId: org.id, count: LEADS, tag: 1, assigneeIds: assignees, projectIds: projects },
      { organizationId: other.id, count: LEADS, tag: 2, assigneeIds: [(await seedMember(db, other.id)).userId], projectIds: [] },
    ]);
    log(`Seeded 2 × ${LEADS.toLocaleString("en")} leads in ${((performance.now() - started) / 1000).toFixed(1)} s (${database.describe}).`);

    const door: Run[] = [];
    // Timed runs sample nothing (a forced collection is a pause of its own); the last run samples memory.
    for (let i = 0; i <= RUNS; i++) {
      door.push(
        await sampled(async () => {
          const response = await server.api("/leads/export", { token: org.key });
          if (response.status !== 200 || !response.body) throw new Error(`export answered ${response.status}: ${await response.text()}`);
          return count(response.body as unknown as AsyncIterable<Uint8Array>);
        }, i === RUNS),
      );
    }
    const bare: Run[] = [];
    for (let i = 0; i <= RUNS; i++) {
      bare.push(
        await sampled(async () => {
          const client = new pg.Client({ connectionString: database.url });
          await client.connect();
          try {
            return await count(client.query(copyTo(BARE_SQL.replace("%ORG%", org.id))));
          } finally {
            await client.end();
          }
        }, i === RUNS),
      );
    }
    log();
    log(`${"".padEnd(34)} ${"runs".padEnd(22)}    best run`);
    log(describeRuns("GET /leads/export (REST door)", door));
    log(describeRuns("bare pg COPY … TO STDOUT (csv)", bare));
    const best = Math.min(...door.slice(0, RUNS).map((r) => r.seconds));
    const csvMb = door[0]!.bytes / MB;
    const heap = door[RUNS]!.heapGrowthMb;
    log();
    log(`Goal: ${LEADS.toLocaleString("en")} leads in < ${GOAL_SECONDS} s: ${best < GOAL_SECONDS ? "met" : "NOT met"} (best ${best.toFixed(2)} s, ${(best / Math.min(...bare.slice(0, RUNS).map((r) => r.seconds))).toFixed(1)}× bare).`);
    log(`Load average ${os.loadavg().map((n) => n.toFixed(2)).join(" ")} (2 cores); CPU is this process's, which runs the door and reads the answer.`);
    log(`Memory: heap grew at most ${heap.toFixed(1)} MB while ${csvMb.toFixed(1)} MB of CSV went out (${heap < csvMb ? "bounded: less than the CSV itself" : "NOT bounded"}).`);
  } finally {
    await server.close();
    await db.$disconnect();
    await database.dispose();
  }
}

main().catch((error) => {
  process.stderr.write(`${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`);
  process.exit(1);
});
