import { startEmbeddedPostgres } from "../../server/db/embedded-postgres";

/**
 * Runs the embedded PostgreSQL for `npm start` (scripts/start.ts), which
 * starts this helper in a process group of its own. Ctrl-C in a terminal
 * signals the whole foreground group; in its own group PostgreSQL does not
 * hear it, and stops only when the start script asks, after Next has closed
 * its connections (a PostgreSQL stopped first cuts them, and every cut
 * connection logs "FATAL: terminating connection due to administrator
 * command").
 *
 * Protocol: one JSON line on stdout, `{"url": …}` once the database accepts
 * connections or `{"error": …}`; PostgreSQL's log on stderr. It stops the
 * cluster and exits on SIGTERM or SIGINT, or when its stdin closes (the start
 * script is gone, however it ended).
 */
const say = (line: unknown) => process.stdout.write(`${JSON.stringify(line)}\n`);

let database: Awaited<ReturnType<typeof startEmbeddedPostgres>>;
try {
  database = await startEmbeddedPostgres({ log: (line) => process.stderr.write(`${line}\n`) });
} catch (error) {
  say({ error: error instanceof Error ? error.message : String(error) });
  process.exit(1);
}
say({ url: database.url });

let stopping = false;
async function stop() {
  if (stopping) return;
  stopping = true;
  await database.stop();
  process.exit(0);
}
process.on("SIGTERM", () => void stop());
process.on("SIGINT", () => void stop());
process.stdin.on("close", () => void stop()).resume();
