import { context, propagation, ROOT_CONTEXT, SpanKind, SpanStatusCode, trace, type Attributes, type Context, type Span } from "@opentelemetry/api";
import { tracer } from "./tracing-state";

export { SpanKind };

/**
 * Runs `work` in a span of its own, the active one for everything it awaits
 * (database calls, provider calls, rows it writes). A thrown error marks the
 * span failed and is rethrown unchanged.
 */
export function inSpan<T>(
  name: string,
  options: { kind?: SpanKind; attributes?: Attributes; parent?: Context },
  work: (span: Span) => Promise<T>,
): Promise<T> {
  return tracer().startActiveSpan(name, { kind: options.kind ?? SpanKind.INTERNAL, attributes: options.attributes }, options.parent ?? context.active(), async (span) => {
    try {
      return await work(span);
    } catch (error) {
      span.recordException(error instanceof Error ? error : String(error));
      span.setStatus({ code: SpanStatusCode.ERROR });
      throw error;
    } finally {
      span.end();
    }
  });
}

/**
 * The active trace as a W3C `traceparent`, stored on the rows a write queues
 * (deliveries, mails, deferred jobs, sequence contacts) so the job that later
 * works each row continues the trace of the request that caused it. Null
 * when tracing is off or no span is active.
 */
export function currentTraceparent(): string | null {
  if (!trace.getActiveSpan()) return null;
  const carrier: Record<string, string> = {};
  propagation.inject(context.active(), carrier);
  return carrier.traceparent ?? null;
}

/** The context a stored `traceparent` names, to parent a job run's span; the root context when there is none. */
export function contextOfTraceparent(traceparent: string | null | undefined): Context {
  if (!traceparent) return ROOT_CONTEXT;
  return propagation.extract(ROOT_CONTEXT, { traceparent });
}

/** The active span's trace id, for log lines; undefined when none. */
export function activeTraceId(): string | undefined {
  const span = trace.getActiveSpan();
  const id = span?.spanContext().traceId;
  return id && id !== "00000000000000000000000000000000" ? id : undefined;
}
