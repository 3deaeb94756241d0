/**
 * Next's instrumentation hook, run once when a server instance starts. It
 * starts background work in the Node.js runtime only (the edge runtime has no
 * database driver; the `NEXT_RUNTIME` test is what lets Next leave the import
 * out of the edge bundle): the embedded driver when Inngest is not
 * configured; under Inngest, /api/inngest serves the jobs and commits nudge
 * them with events.
 */
export async function register(): Promise<void> {
  if (process.env.NEXT_RUNTIME === "nodejs" && process.env.NEXT_PHASE !== "phase-production-build") {
    const { startEmbeddedDriverUnlessInngest } = await import("./server/jobs/embedded/process-driver");
    const { registerInngestNudger } = await import("./inngest/nudge");
    registerInngestNudger();
    startEmbeddedDriverUnlessInngest();
  }
}
