import { OTLPTraceExporter } from "@opentelemetry/exporter-trace-otlp-http";
import { resourceFromAttributes } from "@opentelemetry/resources";
import { BatchSpanProcessor, NodeTracerProvider } from "@opentelemetry/sdk-trace-node";
import { config } from "../config/config";
import { tracingState as holder } from "./tracing-state";

/**
 * OpenTelemetry traces, exported over OTLP/HTTP to `OTEL_EXPORTER_OTLP_ENDPOINT`
 * (`…/v1/traces`), and off when it is unset: then every span below is the
 * API's no-op and costs nothing. The exporter also honours the SDK's own
 * standard variables (`OTEL_EXPORTER_OTLP_HEADERS` for a vendor's key, …).
 * Started once per process by the instrumentation hook (and by tests that
 * collect spans), before the first request.
 */
export function startTracing(): boolean {
  if (holder.inmoTracerProvider !== undefined) return holder.inmoTracerProvider !== null;
  const { OTEL_EXPORTER_OTLP_ENDPOINT, OTEL_SERVICE_NAME } = config();
  if (!OTEL_EXPORTER_OTLP_ENDPOINT) {
    holder.inmoTracerProvider = null;
    return false;
  }
  const exporter = new OTLPTraceExporter({ url: `${OTEL_EXPORTER_OTLP_ENDPOINT.replace(/\/+$/, "")}/v1/traces` });
  const provider = new NodeTracerProvider({
    resource: resourceFromAttributes({ "service.name": OTEL_SERVICE_NAME }),
    spanProcessors: [new BatchSpanProcessor(exporter, { scheduledDelayMillis: 1_000 })],
  });
  // The AsyncLocalStorage context manager and the W3C trace-context propagator.
  provider.register();
  holder.inmoTracerProvider = provider;
  return true;
}

/** Sends the spans still buffered (before a test reads the collector, and at shutdown). */
export async function flushTraces(): Promise<void> {
  await holder.inmoTracerProvider?.forceFlush();
}

/** Flushes and stops the exporter, bounded: a collector that does not answer must not hold a shutdown. */
export async function stopTracing(): Promise<void> {
  const provider = holder.inmoTracerProvider;
  if (!provider) return;
  holder.inmoTracerProvider = undefined;
  let timer: NodeJS.Timeout | undefined;
  await Promise.race([provider.shutdown().catch(() => {}), new Promise<void>((resolve) => (timer = setTimeout(resolve, STOP_BOUND_MS)))]);
  clearTimeout(timer);
}

const STOP_BOUND_MS = 2_000;

