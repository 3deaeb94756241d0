import { trace } from "@opentelemetry/api";

/**
 * Whether this process exports traces, apart from the SDK that does it
 * (tracing.ts), so the database and the doors can ask without loading the
 * SDK. On globalThis: Next may load modules once per route bundle.
 */
export interface TracerProviderLike {
  forceFlush(): Promise<void>;
  shutdown(): Promise<void>;
}

export const tracingState = globalThis as unknown as { inmoTracerProvider?: TracerProviderLike | null };

/** Whether spans are exported from this process (database statements are wrapped in spans only then). */
export function isTracing(): boolean {
  return Boolean(tracingState.inmoTracerProvider);
}

export const tracer = () => trace.getTracer("inmo");
