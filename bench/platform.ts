/**
 * Benchmark: GET /api/v1/health and GET /api/v1/me over loopback HTTP (the REST
 * door's handler behind a Node HTTP server, the same handler Next serves),
 * sequential latency and concurrent throughput. Not a test: it prints figures.
 *   npx tsx bench/platform.ts
 * The organization is exempt from rate limits (with a monthly counter still
 * charged per request) so the limiter's own cost is measured, not its refusals.
 */
import { startApiServer } from "../tests/support/api-server";
import { connect, seedOrganization } from "../tests/support/factories";
import { createBenchDatabase } from "./support/bench-database";
import { measure, printTable, type Measurement } from "./support/measure";

process.env.INMO_LOG = "silent";
const database = await createBenchDatabase();
const db = connect(database.url);
const server = await startApiServer(database.url);
const exempt = await seedOrganization(db, { rateLimitExempt: true });
const metered = await seedOrganization(db, {
  rateLimitPerSecond: 1_000_000,
  rateLimitPerMinute: 1_000_000,
  rateLimitPerMonth: 1_000_000_000,
});

const health = () => server.api("/health").then(async (r) => (await r.arrayBuffer(), r.status === 200));
const me = (token: string) => () => server.api("/me", { token }).then(async (r) => (await r.arrayBuffer(), r.status === 200));

await measure("warm-up", me(exempt.key), { requests: 300, concurrency: 4 });
await measure("warm-up", health, { requests: 300, concurrency: 4 });

const rows: Measurement[] = [];
rows.push(await measure("GET /health sequential", health, { requests: 2000, concurrency: 1 }));
rows.push(await measure("GET /health c=16", health, { requests: 5000, concurrency: 16 }));
rows.push(await measure("GET /me sequential (exempt org)", me(exempt.key), { requests: 2000, concurrency: 1 }));
rows.push(await measure("GET /me c=16 (exempt org)", me(exempt.key), { requests: 5000, concurrency: 16 }));
rows.push(await measure("GET /me sequential (metered: 3 windows)", me(metered.key), { requests: 2000, concurrency: 1 }));
rows.push(await measure("GET /me c=16 (metered: 3 windows)", me(metered.key), { requests: 5000, concurrency: 16 }));
printTable(rows);

const memory = process.memoryUsage();
console.log(`process RSS ${(memory.rss / 1048576).toFixed(0)} MB, heap used ${(memory.heapUsed / 1048576).toFixed(0)} MB`);

await server.close();
await db.$disconnect();
await database.dispose();
process.exit(0);
