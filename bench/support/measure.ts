import { performance } from "node:perf_hooks";

export interface Measurement {
  name: string;
  requests: number;
  concurrency: number;
  seconds: number;
  throughput: number;
  p50: number;
  p90: number;
  p99: number;
  max: number;
  failures: number;
}

function percentile(sorted: number[], p: number): number {
  if (sorted.length === 0) return 0;
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? 0;
}

/**
 * Runs `requests` calls of `call` with `concurrency` in flight and reports
 * latency percentiles (ms) and throughput (requests/s). `call` returns true on
 * the expected outcome; anything else counts as a failure.
 */
export async function measure(
  name: string,
  call: (i: number) => Promise<boolean>,
  options: { requests: number; concurrency: number },
): Promise<Measurement> {
  const latencies: number[] = [];
  let failures = 0;
  let next = 0;
  const started = performance.now();
  const worker = async () => {
    while (next < options.requests) {
      const i = next++;
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
    requests: options.requests,
    concurrency: options.concurrency,
    seconds: round(seconds),
    throughput: Math.round(options.requests / seconds),
    p50: round(percentile(latencies, 50)),
    p90: round(percentile(latencies, 90)),
    p99: round(percentile(latencies, 99)),
    max: round(latencies[latencies.length - 1] ?? 0),
    failures,
  };
}

export function printTable(rows: Measurement[]) {
  console.table(
    rows.map((r) => ({
      scenario: r.name,
      requests: r.requests,
      concurrency: r.concurrency,
      "req/s": r.throughput,
      "p50 ms": r.p50,
      "p90 ms": r.p90,
      "p99 ms": r.p99,
      "max ms": r.max,
      failures: r.failures,
    })),
  );
}
