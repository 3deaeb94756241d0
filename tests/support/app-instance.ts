import { startEmbeddedDriver } from "../../server/jobs/embedded/process-driver";
import { exitGracefullyOnSignals } from "../../server/system/graceful-shutdown";
import { jobRegistry } from "../../server/jobs/registry";
import type { JobDefinition } from "../../server/jobs/job-definition";
import { config } from "../../server/config/config";
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
 * - `{"start":"<rowId>","job":"<jobId>"}` / `{"done":…}` around each run of a
 *   row-claimed job (a webhook delivery, a sequence contact, …), so the parent
 *   knows who did which piece of work and what was in flight when an instance
 *   died. The run itself is the registered job's, unchanged.
 */

const databaseUrl = config().DATABASE_URL;
if (!databaseUrl) throw new Error("app-instance: DATABASE_URL is required");

const say = (line: unknown) => process.stdout.write(`${JSON.stringify(line)}\n`);

/** The row a run works on, whatever its job: a delivery, a mail, a sequence contact, a deferred job. */
function rowIdOf(input: Record<string, unknown>): string {
  return String(input.deliveryId ?? input.contactId ?? input.mailId ?? input.jobId);
}

const observedJobs: JobDefinition[] = jobRegistry.map((job) =>
  job.kind !== "row-claimed"
    ? job
    : {
        ...job,
        async run(io, runtime, work) {
          const id = rowIdOf(work.input);
          say({ start: id, job: job.id });
          try {
            return await job.run(io, runtime, work);
          } finally {
            say({ done: id, job: job.id });
          }
        },
      },
);

const server = await startApiServer(databaseUrl);
// `APP_INSTANCE_CONCURRENCY` (optional): jobs in flight at once in this instance (default: the driver's).
const concurrency = Number(process.env.APP_INSTANCE_CONCURRENCY) || undefined;
startEmbeddedDriver({ jobs: observedJobs, concurrency });
say({ ready: { port: Number(new URL(server.baseUrl).port) } });

// SIGTERM: the app's own graceful stop (server/system/graceful-shutdown.ts), after the HTTP server stops accepting.
exitGracefullyOnSignals(() => server.close());
// The parent holds our stdin open: if it dies (a crashed or killed test run), so do we, and no instance is left behind.
process.stdin.on("close", () => process.exit(0)).resume();
