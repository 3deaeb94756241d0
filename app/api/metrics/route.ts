import { handleMetricsRequest } from "~/server/observability/metrics-endpoint";

export const runtime = "nodejs";
export const dynamic = "force-dynamic";

/** Prometheus metrics for a scraper holding METRICS_TOKEN (server/observability/metrics-endpoint.ts); 404 while it is unset. */
export const GET = (request: Request) => handleMetricsRequest(request);
