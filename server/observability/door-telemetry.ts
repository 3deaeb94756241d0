import { SpanStatusCode } from "@opentelemetry/api";
import { metrics } from "./metrics";
import { inRequestScope, requestIdFor } from "./request-scope";
import { inSpan, SpanKind } from "./spans";
import { logger } from "../system/logger";

export type Door = "rest" | "trpc";

/**
 * Wraps one request through a door: a request id for its log lines (echoed
 * in `X-Request-Id`), a server span named after the operation (the route
 * template or the procedure path) that is the parent of every database and
 * provider call it makes and of the rows it queues, and the request's count
 * and latency by operation and status.
 */
export async function observeDoor(door: Door, operation: string, req: Request, handle: () => Promise<Response>): Promise<Response> {
  const requestId = requestIdFor(req);
  const started = performance.now();
  const response = await inRequestScope({ requestId }, () =>
    inSpan(
      door === "rest" ? operation : `trpc ${operation}`,
      { kind: SpanKind.SERVER, attributes: { "http.request.method": req.method, "http.route": operation, "inmo.door": door, "inmo.request_id": requestId } },
      async (span) => {
        const answer = await handle();
        span.setAttribute("http.response.status_code", answer.status);
        if (answer.status >= 500) span.setStatus({ code: SpanStatusCode.ERROR });
        // The access log, at debug level: one line per request with its request id and trace id.
        logger.debug("http.request", { door, operation, status: answer.status, durationMs: Math.round(performance.now() - started) });
        return answer;
      },
    ),
  );
  metrics().requestDuration.observe({ door, operation, status: String(response.status) }, (performance.now() - started) / 1000);
  // The same response with the header added (a response whose body is known whole stays one, node-adapter.ts); a
  // response with immutable headers (a fetched or redirect response) is copied.
  try {
    response.headers.set("X-Request-Id", requestId);
    return response;
  } catch {
    const headers = new Headers(response.headers);
    headers.set("X-Request-Id", requestId);
    return new Response(response.body, { status: response.status, statusText: response.statusText, headers });
  }
}
