/**
 * Next's instrumentation hook, run once when a server instance starts. It
 * starts background work in the Node.js runtime only (the edge runtime has no
 * database driver; the `NEXT_RUNTIME` test is what lets Next leave the import
 * out of the edge bundle): the embedded driver when Inngest is not
 * configured; under Inngest, /api/inngest serves the jobs and commits nudge
 * them with events. Traces are exported when OTEL_EXPORTER_OTLP_ENDPOINT is
 * set (server/observability/tracing.ts). SIGTERM and Ctrl-C stop the instance gracefully
 * (server/system/graceful-shutdown.ts).
 */
export async function register(): Promise<void> {
  if (process.env.NEXT_RUNTIME === "nodejs" && process.env.NEXT_PHASE !== "phase-production-build") {
    const { startEmbeddedDriverUnlessInngest } = await import("./server/jobs/embedded/process-driver");
    const { registerInngestNudger } = await import("./inngest/nudge");
    const { exitGracefullyOnSignals } = await import("./server/system/graceful-shutdown");
    const { logger } = await import("./server/system/logger");
    const { config } = await import("./server/config/config");
    const { NEXT_MANUAL_SIG_HANDLE } = config(); // read first: a bad configuration stops the server here, naming the variable
    const { startTracing } = await import("./server/observability/tracing");
    startTracing(); // before the first request and the first database client, whose statements become spans
    registerInngestNudger();
    startEmbeddedDriverUnlessInngest();
    exitGracefullyOnSignals();
    if (!NEXT_MANUAL_SIG_HANDLE) {
      // Next's own handler would exit at once (code 143 on SIGTERM), cutting the hand-over short.
      logger.warn("shutdown.next_handles_signals", { hint: "set NEXT_MANUAL_SIG_HANDLE=true (npm start does) for a graceful stop" });
    }
  }
}
