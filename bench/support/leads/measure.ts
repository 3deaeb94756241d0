import { performance } from "node:perf_hooks";

export interface Stats {
  requests: number;
  concurrency: number;
  p50: number;
  p99: number;
  max: number;
  throughput: number;
  errors: number;
}

function percentile(sorted: number[], p: number): number {
  if (sorted.length === 0) return 0;
  const index = Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1));
  return sorted[index] ?? 0;
}

/**
 * Runs `requests` calls of `call(i)` with `concurrency` workers and returns
 * latency percentiles (ms, request sent to body read) and throughput (req/s).
 * A call answering an unexpected status counts as an error.
 */
export async function measure(
  call: (i: number) => Promise<Response>,
  options: { requests: number; concurrency: number; expectStatus: number },
): Promise<Stats> {
  const latencies: number[] = [];
  let errors = 0;
  let next = 0;
  const started = performance.now();
  const worker = async () => {
    for (let i = next++; i < options.requests; i = next++) {
      const t0 = performance.now();
      const response = await call(i);
      await response.arrayBuffer();
      latencies.push(performance.now() - t0);
      if (response.status !== options.expectStatus) errors++;
    }
  };
  await Promise.all(Array.from({ length: options.concurrency }, worker));
  const elapsed = (performance.now() - started) / 1000;
  latencies.sort((a, b) => a - b);
  return {
    requests: options.requests,
    concurrency: options.concurrency,
    p50: percentile(latencies, 50),
    p99: percentile(latencies, 99),
    max: latencies.at(-1) ?? 0,
    throughput: options.requests / elapsed,
    errors,
  };
}

export function formatStats(name: string, stats: Stats): string {
  const ms = (value: number) => value.toFixed(1).padStart(7);
  return (
    `${name.padEnd(44)} c=${String(stats.concurrency).padEnd(2)} n=${String(stats.requests).padEnd(4)} ` +
    `p50 ${ms(stats.p50)} ms  p99 ${ms(stats.p99)} ms  max ${ms(stats.max)} ms  ${stats.throughput.toFixed(0).padStart(5)} req/s` +
    (stats.errors > 0 ? `  ERRORS ${stats.errors}` : "")
  );
}
