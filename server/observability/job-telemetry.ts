import { metrics } from "./metrics";
import { contextOfTraceparent, inSpan, SpanKind } from "./spans";

/**
 * Wraps one run of a job (a delivery attempt, a mail, a scheduled sweep): a
 * span that continues the trace of the write that queued the row (its stored
 * `traceparent`), so one trace runs from `POST /leads` to the delivery it
 * caused; and the run's duration by job and result.
 */
export async function observeJobRun<T>(jobId: string, traceparent: string | null | undefined, run: () => Promise<T>): Promise<T> {
  const started = performance.now();
  let result: "ok" | "error" = "error";
  try {
    const value = await inSpan(`job ${jobId}`, { kind: SpanKind.CONSUMER, parent: contextOfTraceparent(traceparent), attributes: { "inmo.job": jobId } }, () => run());
    result = "ok";
    return value;
  } finally {
    metrics().jobRuns.observe({ job: jobId, result }, (performance.now() - started) / 1000);
  }
}
