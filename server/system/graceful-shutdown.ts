import { disconnectDb } from "../db";
import { stopEmbeddedDriver } from "../jobs/embedded/process-driver";
import { shutdownTimeoutMs } from "../jobs/lease";
import { flushBufferedUsage } from "../rate-limit/usage-buffer";
import { closeLimiterStore } from "../rate-limit/limiter-store";
import { flushApiUsageCounts } from "../usage/request-counter";
import { stopTracing } from "../observability/tracing";
import { logger } from "./logger";

/**
 * How an app instance stops when asked (SIGTERM from an orchestrator, Ctrl-C
 * under `npm start`): it stops claiming background work, lets what is in
 * flight finish for up to `SHUTDOWN_TIMEOUT_MS` and hands the rest back so
 * another instance takes it at once (server/jobs/embedded/embedded-driver.ts),
 * writes the counters it keeps in memory, and closes its Redis and database
 * connections, so the database never has to cut a connection of a process
 * that is going away. Idempotent: a second signal waits for the same stop.
 */
const holder = globalThis as unknown as { inmoShutdown?: Promise<void> };

export function shutDownGracefully(reason: string): Promise<void> {
  holder.inmoShutdown ??= (async () => {
    const timeoutMs = shutdownTimeoutMs();
    logger.info("shutdown.started", { reason, timeoutMs });
    const { handedBack } = await stopEmbeddedDriver({ timeoutMs });
    await Promise.all([flushApiUsageCounts(), flushBufferedUsage()]);
    await closeLimiterStore();
    await disconnectDb();
    await stopTracing(); // the last spans (the hand-over) reach the collector
    logger.info("shutdown.finished", { reason, handedBack });
  })();
  return holder.inmoShutdown;
}

/** True from the moment a stop began (readiness answers 503 from then on). */
export function isShuttingDown(): boolean {
  return holder.inmoShutdown !== undefined;
}

/** Margin past the shutdown bound before a stop that hangs (a database that does not answer) is cut short. */
const HARD_STOP_MARGIN_MS = 5_000;

/**
 * Makes SIGTERM and SIGINT stop this process gracefully and exit 0 (1 if the
 * stop itself failed or hung). Under `next start`, Next must leave the
 * signals to us (`NEXT_MANUAL_SIG_HANDLE=true`, which `npm start` sets).
 */
export function exitGracefullyOnSignals(beforeStop: () => Promise<void> = async () => {}): void {
  let stopping = false;
  const onSignal = (signal: NodeJS.Signals) => {
    // Kept listening after the first signal: a second one (Ctrl-C reaches the whole process group, then
    // `next dev` forwards it to its server process) must join the stop under way, not kill the process mid-stop.
    if (stopping) return;
    stopping = true;
    setTimeout(() => {
      logger.error("shutdown.timed_out", { signal });
      process.exit(1);
    }, shutdownTimeoutMs() + HARD_STOP_MARGIN_MS).unref();
    void beforeStop()
      .then(() => shutDownGracefully(signal))
      .then(
        () => process.exit(0),
        (error: unknown) => {
          logger.error("shutdown.failed", { signal, error });
          process.exit(1);
        },
      );
  };
  process.on("SIGTERM", onSignal);
  process.on("SIGINT", onSignal);
}
