import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from "prom-client";

/**
 * The Prometheus metrics this process keeps (prom-client), served at
 * `/api/metrics` (server/observability/metrics-endpoint.ts). One registry per
 * process, on globalThis: Next may load this module once per route bundle,
 * and a counter bumped in one copy must be the one the endpoint reads.
 * Labels are bounded: operations are route templates and procedure paths,
 * never ids.
 */
function createMetrics() {
  const registry = new Registry();
  collectDefaultMetrics({ register: registry, prefix: "inmo_process_" });
  return {
    registry,
    requestDuration: new Histogram({
      name: "inmo_http_request_duration_seconds",
      help: "Requests through the REST and tRPC doors, by operation and status (its _count is the request count)",
      labelNames: ["door", "operation", "status"] as const,
      buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
      registers: [registry],
    }),
    deliveryOutcomes: new Counter({
      name: "inmo_webhook_delivery_attempts_total",
      help: "Webhook delivery attempts recorded, by outcome: succeeded, retrying (failed, another attempt is scheduled) or failed (the last attempt failed)",
      labelNames: ["outcome"] as const,
      registers: [registry],
    }),
    rateLimitRefusals: new Counter({
      name: "inmo_rate_limit_refusals_total",
      help: "Requests refused with 429 by a rate limit, by window (second, minute, month)",
      labelNames: ["window"] as const,
      registers: [registry],
    }),
    jobRuns: new Histogram({
      name: "inmo_job_run_duration_seconds",
      help: "Background job runs in this process, by job and result (ok, error)",
      labelNames: ["job", "result"] as const,
      buckets: [0.01, 0.05, 0.1, 0.5, 1, 5, 10, 30, 60, 300],
      registers: [registry],
    }),
    jobBacklog: new Gauge({
      name: "inmo_job_backlog",
      help: "Rows due and not yet worked, by job (read from the database at each scrape: every instance reports the same)",
      labelNames: ["job"] as const,
      registers: [registry],
    }),
    jobOldestDue: new Gauge({
      name: "inmo_job_oldest_due_seconds",
      help: "How long the oldest due row of each job has waited (0 when none)",
      labelNames: ["job"] as const,
      registers: [registry],
    }),
    databasePool: new Gauge({
      name: "inmo_db_pool_connections",
      help: "This process's PostgreSQL connections: total open, idle, and requests waiting for one",
      labelNames: ["state"] as const,
      registers: [registry],
    }),
    databasePoolMax: new Gauge({
      name: "inmo_db_pool_max_connections",
      help: "The pool's size (DATABASE_POOL_SIZE)",
      registers: [registry],
    }),
  };
}

export type Metrics = ReturnType<typeof createMetrics>;

const holder = globalThis as unknown as { inmoMetrics?: Metrics };

export function metrics(): Metrics {
  holder.inmoMetrics ??= createMetrics();
  return holder.inmoMetrics;
}
