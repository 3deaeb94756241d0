import { createHash } from "node:crypto";
import { digestsEqual } from "../auth/tokens";
import { config } from "../config/config";
import { getDb } from "../db";
import { collectBacklog } from "./backlog-metrics";
import { metrics } from "./metrics";
import { collectDatabasePool } from "./pool-metrics";

const sha256 = (value: string) => createHash("sha256").update(value).digest("hex");

function json(status: number, code: string, message: string, headers: Record<string, string> = {}): Response {
  return Response.json({ error: { code, message } }, { status, headers: { "Cache-Control": "no-store", ...headers } });
}

/**
 * `GET /api/metrics`: Prometheus' text format, for a scraper holding
 * `METRICS_TOKEN` as its bearer token (compared in constant time). Off — a
 * 404 like any unknown path — while no token is configured, so an install
 * never publishes its numbers by accident. The job backlog is read from the
 * database at each scrape.
 */
export async function handleMetricsRequest(req: Request): Promise<Response> {
  const token = config().METRICS_TOKEN;
  if (!token) return json(404, "NOT_FOUND", `No endpoint ${req.method} /api/metrics.`);
  const given = /^Bearer (.+)$/i.exec(req.headers.get("authorization") ?? "")?.[1]?.trim() ?? "";
  if (!digestsEqual(sha256(given), sha256(token))) {
    return json(401, "UNAUTHORIZED", "A bearer token (METRICS_TOKEN) is required.", { "WWW-Authenticate": 'Bearer realm="metrics"' });
  }
  const registry = metrics().registry;
  const db = await getDb();
  await Promise.all([collectBacklog(db), Promise.resolve(collectDatabasePool())]);
  return new Response(await registry.metrics(), { headers: { "Content-Type": registry.contentType, "Cache-Control": "no-store" } });
}
