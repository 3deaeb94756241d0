import { performance } from "node:perf_hooks";

/** One scenario's figures: latencies in ms (request sent to body read), throughput in requests/s. */
export interface Measurement {
  name: string;
  requests: number;
  concurrency: number;
  seconds: number;
  throughput: number;
  p50: number;
  p95: number;
  p99: number;
  max: number;
  failures: number;
}

/** Nearest-rank percentile: the smallest latency with at least p% of the sample at or below it. */
export function percentile(sorted: number[], p: number): number {
  if (sorted.length === 0) return 0;
  const index = Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1));
  return sorted[index] ?? 0;
}

export interface MeasureOptions {
  /** Stop after this many calls… */
  requests: number;
  concurrency: number;
  /** …or after this many seconds, whichever comes first (keeps a run bounded on a slow machine). */
  maxSeconds?: number;
}

/**
 * The one measurement helper of the benchmarks: runs `call(i)` with
 * `concurrency` workers and reports latency percentiles and throughput.
 * `call` resolves true on the expected outcome; false or a rejection counts
 * as a failure (its latency is still recorded).
 */
export async function measure(name: string, call: (i: number) => Promise<boolean>, options: MeasureOptions): Promise<Measurement> {
  const latencies: number[] = [];
  let failures = 0;
  let next = 0;
  const started = performance.now();
  const deadline = started + (options.maxSeconds ?? Infinity) * 1000;
  const worker = async () => {
    for (let i = next++; i < options.requests && performance.now() < deadline; i = next++) {
      const t0 = performance.now();
      const ok = await call(i).catch(() => false);
      latencies.push(performance.now() - t0);
      if (!ok) failures++;
    }
  };
  await Promise.all(Array.from({ length: options.concurrency }, worker));
  const seconds = (performance.now() - started) / 1000;
  latencies.sort((a, b) => a - b);
  const round = (n: number) => Number(n.toFixed(2));
  return {
    name,
    requests: latencies.length,
    concurrency: options.concurrency,
    seconds: round(seconds),
    throughput: Math.round(latencies.length / seconds),
    p50: round(percentile(latencies, 50)),
    p95: round(percentile(latencies, 95)),
    p99: round(percentile(latencies, 99)),
    max: round(latencies.at(-1) ?? 0),
    failures,
  };
}

/** A fetch call that succeeds when the status is the expected one (the body is always read). */
export function expectStatus(fetchCall: (i: number) => Promise<Response>, status: number): (i: number) => Promise<boolean> {
  return async (i) => {
    const response = await fetchCall(i);
    await response.arrayBuffer();
    return response.status === status;
  };
}
