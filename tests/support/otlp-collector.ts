import http from "node:http";
import type { AddressInfo } from "node:net";

/** A span as OTLP/HTTP JSON carries it (ids in hex), with its attributes flattened. */
export interface CollectedSpan {
  traceId: string;
  spanId: string;
  parentSpanId?: string;
  name: string;
  /** When the span started, in nanoseconds since the epoch (a decimal string or a number, as the exporter encodes it). */
  startTimeUnixNano: string | number;
  kind: number;
  attributes: Record<string, unknown>;
  service: unknown;
}

export interface OtlpCollector {
  /** The base URL to put in OTEL_EXPORTER_OTLP_ENDPOINT (the exporter posts to `/v1/traces`). */
  url: string;
  spans: CollectedSpan[];
  close(): Promise<void>;
}

interface KeyValue {
  key: string;
  value: Record<string, unknown>;
}

const flatten = (attributes: KeyValue[] = []) => Object.fromEntries(attributes.map(({ key, value }) => [key, Object.values(value)[0]]));

/**
 * A loopback OpenTelemetry collector: accepts OTLP/HTTP JSON export requests
 * on `POST /v1/traces` as the OTLP specification defines them (answering 200
 * with an empty ExportTraceServiceResponse) and keeps every span.
 */
export async function startOtlpCollector(): Promise<OtlpCollector> {
  const spans: CollectedSpan[] = [];
  const server = http.createServer((req, res) => {
    if (req.method !== "POST" || req.url !== "/v1/traces") return void res.writeHead(404).end();
    if (!String(req.headers["content-type"]).startsWith("application/json")) return void res.writeHead(415).end();
    const chunks: Buffer[] = [];
    req.on("data", (chunk: Buffer) => chunks.push(chunk));
    req.on("end", () => {
      const body = JSON.parse(Buffer.concat(chunks).toString("utf8")) as {
        resourceSpans: { resource: { attributes: KeyValue[] }; scopeSpans: { spans: (Omit<CollectedSpan, "attributes" | "service"> & { attributes: KeyValue[] })[] }[] }[];
      };
      for (const resourceSpan of body.resourceSpans) {
        const service = flatten(resourceSpan.resource.attributes)["service.name"];
        for (const scope of resourceSpan.scopeSpans) {
          for (const span of scope.spans) spans.push({ ...span, attributes: flatten(span.attributes), service });
        }
      }
      res.writeHead(200, { "Content-Type": "application/json" }).end("{}");
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    spans,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
