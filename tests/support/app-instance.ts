import { closeLimiterStore } from "../../server/rate-limit/window-limiters";
import { startEmbeddedDriver, stopEmbeddedDriver } from "../../server/jobs/embedded/process-driver";
import { jobRegistry } from "../../server/jobs/registry";
import { DELIVER_WEBHOOK_JOB_ID } from "../../server/webhooks/deliver-webhook-job";
import { startApiServer } from "./api-server";

/**
 * One app instance for multi-process tests, run as a child process with
 * `node --import tsx tests/support/app-instance.ts`: the REST door over HTTP
 * and the embedded job driver, on the DATABASE_URL and REDIS_URL it is given,
 * as a production instance runs them (minus Next, which serves the same handler).
 *
 * It speaks JSON lines on stdout (synchronous on a pipe, so every line written
 * before a SIGKILL reaches the parent):
 * - `{"ready":{"port":N}}` once it serves and its driver runs;
 * - `{"start":"<deliveryId>"}` / `{"done":"<deliveryId>"}` around each webhook
 *   delivery run, so the parent knows who did which delivery and what was in
 *   flight when an instance died. The run itself is the registered job's, unchanged.
 */

const databaseUrl = process.env.DATABASE_URL;
if (!databaseUrl) throw new Error("app-instance: DATABASE_URL is required");

const say = (line: unknown) => process.stdout.write(`${JSON.stringify(line)}\n`);

const observedJobs = jobRegistry.map((job) =>
  job.id !== DELIVER_WEBHOOK_JOB_ID
    ? job
    : {
        ...job,
        async run(...args: Parameters<typeof job.run>) {
          const deliveryId = (args[2].input as { deliveryId: string }).deliveryId;
          say({ start: deliveryId });
          try {
            return await job.run(...args);
          } finally {
            say({ done: deliveryId });
          }
        },
      },
);

const server = await startApiServer(databaseUrl);
// `APP_INSTANCE_CONCURRENCY` (optional): jobs in flight at once in this instance (default: the driver's).
const concurrency = Number(process.env.APP_INSTANCE_CONCURRENCY) || undefined;
startEmbeddedDriver({ jobs: observedJobs, concurrency });
say({ ready: { port: Number(new URL(server.baseUrl).port) } });

async function shutDown() {
  await stopEmbeddedDriver();
  await server.close();
  await closeLimiterStore();
  process.exit(0);
}
process.once("SIGTERM", () => void shutDown());
process.once("SIGINT", () => void shutDown());
// The parent holds our stdin open: if it dies (a crashed or killed test run), so do we, and no instance is left behind.
process.stdin.on("close", () => process.exit(0)).resume();
