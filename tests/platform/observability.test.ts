import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { configureForTests } from "../../server/config/config";
import { EmbeddedDriver } from "../../server/jobs/embedded/embedded-driver";
import { flushTraces, startTracing, stopTracing } from "../../server/observability/tracing";
import { deliverWebhookJob } from "../../server/webhooks/deliver-webhook-job";
import { closeIdleConnections } from "../../server/webhooks/http-sender";
import { useApiTest } from "../support/api-test";
import { seedOrganization } from "../support/factories";
import { startOtlpCollector, type CollectedSpan, type OtlpCollector } from "../support/otlp-collector";
import { startReceiver, type TestReceiver } from "../webhooks/support/receiver";
import { createTestCertificates, type TestCertificates } from "../webhooks/support/tls-fixture";
import { seedSubscription } from "../webhooks/support/webhook-fixtures";

/**
 * What an operator sees of one `POST /leads`: its trace, exported over
 * OTLP/HTTP to a loopback collector, runs from the REST door through its
 * database statements to the job run that delivered the `lead.created` it
 * caused (the trace context travels on the delivery row); and `/api/metrics`
 * counts the request, the delivery's outcome and the backlog.
 */
const METRICS_TOKEN = "metrics-token-for-tests-0123456789";
let collector: OtlpCollector;

// Before useApiTest's hooks: tracing must be on before the database clients are made.
beforeAll(async () => {
  collector = await startOtlpCollector();
  configureForTests({ OTEL_EXPORTER_OTLP_ENDPOINT: collector.url, OTEL_SERVICE_NAME: "inmo-test", METRICS_TOKEN });
  expect(startTracing()).toBe(true);
});

const t = useApiTest();
let certs: TestCertificates;
let receiver: TestReceiver;

beforeAll(async () => {
  certs = createTestCertificates();
  receiver = await startReceiver(certs);
  configureForTests({ WEBHOOK_ALLOW_PRIVATE_TARGETS: true, WEBHOOK_EXTRA_CA_FILE: certs.caFile, WEBHOOK_TIMEOUT_MS: 5000 });
});

afterAll(async () => {
  await stopTracing();
  closeIdleConnections();
  await receiver.close();
  await collector.close();
  certs.remove();
});

const metricsOf = (token?: string) => fetch(`${t.server.baseUrl}/api/metrics`, { headers: token ? { Authorization: `Bearer ${token}` } : {} });

/** The value of one sample line of the Prometheus text format, or undefined. */
function sample(text: string, name: string, labels: Record<string, string> = {}): number | undefined {
  const wanted = Object.entries(labels).map(([key, value]) => `${key}="${value}"`);
  const line = text.split("\n").find((l) => l.startsWith(`${name}{`) || l.startsWith(`${name} `) ? wanted.every((w) => l.includes(w)) : false);
  return line === undefined ? undefined : Number(line.slice(line.lastIndexOf(" ") + 1));
}

describe("one POST /leads, observed", () => {
  let created: Response;
  let spans: CollectedSpan[];

  beforeAll(async () => {
    await seedSubscription(t.db, t.org, { targetUrl: receiver.url("/hook"), event: "lead.created" });
    created = await t.server.api("/leads", { method: "POST", token: t.org.key, json: { firstName: "Traced", email: "traced@example.test" } });
    const driver = new EmbeddedDriver({ db: t.db, jobs: [deliverWebhookJob] });
    expect(await driver.runDue()).toBe(1);
    await flushTraces();
    spans = collector.spans;
  });

  it("answers with its request id", () => {
    expect(created.status).toBe(201);
    expect(created.headers.get("x-request-id")).toMatch(/^[0-9a-f-]{36}$/);
    expect(receiver.received).toHaveLength(1);
  });

  it("exports one trace from the REST door through the database to the delivery job and its webhook call", () => {
    const door = spans.find((s) => s.name === "POST /api/v1/leads");
    expect(door, JSON.stringify(spans.map((s) => s.name))).toBeDefined();
    expect(door!.service).toBe("inmo-test");
    expect(door!.attributes).toMatchObject({ "http.response.status_code": 201, "inmo.request_id": created.headers.get("x-request-id") });
    const inTrace = spans.filter((s) => s.traceId === door!.traceId);
    // The lead's INSERT ran inside the request's span.
    expect(inTrace.some((s) => s.name === "db INSERT" && String(s.attributes["db.query.text"]).includes('"Lead"'))).toBe(true);
    // The delivery it caused ran later, in the same trace, with its own database calls and the call to the receiver.
    const job = inTrace.find((s) => s.name === "job deliver-webhook");
    expect(job).toBeDefined();
    expect(inTrace.some((s) => s.parentSpanId === job!.spanId && s.name.startsWith("db "))).toBe(true);
    const call = inTrace.find((s) => s.name === "webhook POST");
    expect(call?.attributes).toMatchObject({ "server.address": "127.0.0.1", "http.response.status_code": 200 });
    // No statement text carries a value the request sent.
    expect(spans.some((s) => JSON.stringify(s.attributes).includes("traced@example.test"))).toBe(false);
  });

  it("counts it in /api/metrics, readable with the token only", async () => {
    expect((await metricsOf()).status).toBe(401);
    expect((await metricsOf("wrong-token")).status).toBe(401);
    const response = await metricsOf(METRICS_TOKEN);
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toMatch(/^text\/plain/);
    const text = await response.text();
    expect(sample(text, "inmo_http_request_duration_seconds_count", { door: "rest", operation: "POST /api/v1/leads", status: "201" })).toBe(1);
    expect(sample(text, "inmo_webhook_delivery_attempts_total", { outcome: "succeeded" })).toBe(1);
    expect(sample(text, "inmo_job_run_duration_seconds_count", { job: "deliver-webhook", result: "ok" })).toBe(1);
    expect(sample(text, "inmo_job_backlog", { job: "deliver-webhook" })).toBe(0);
    expect(sample(text, "inmo_job_oldest_due_seconds", { job: "send-mail" })).toBe(0);
    expect(sample(text, "inmo_db_pool_connections", { state: "total" })).toBeGreaterThan(0);
    expect(sample(text, "inmo_rate_limit_refusals_total")).toBeUndefined(); // no refusal yet: no series
  });

  it("counts rate-limit refusals by window", async () => {
    const limited = await seedOrganization(t.db, { rateLimitPerMinute: 1 });
    expect((await t.server.api("/me", { token: limited.key })).status).toBe(200);
    expect((await t.server.api("/me", { token: limited.key })).status).toBe(429);
    expect(sample(await (await metricsOf(METRICS_TOKEN)).text(), "inmo_rate_limit_refusals_total", { window: "minute" })).toBe(1);
  });

  it("writes every log line as JSON with the request id and the trace id", async () => {
    configureForTests({ INMO_LOG: "debug" });
    const lines: string[] = [];
    const capture = vi.spyOn(process.stderr, "write").mockImplementation((chunk: string | Uint8Array) => {
      lines.push(String(chunk));
      return true;
    });
    let answer: Response;
    try {
      answer = await t.server.api("/leads?limit=1", { token: t.org.key });
    } finally {
      capture.mockRestore();
      configureForTests({ INMO_LOG: "silent" });
    }
    const logged = lines.map((line) => JSON.parse(line) as Record<string, unknown>).find((line) => line.event === "http.request");
    expect(logged).toMatchObject({ level: "debug", door: "rest", operation: "GET /api/v1/leads", status: 200, requestId: answer.headers.get("x-request-id") });
    expect(logged!.traceId).toMatch(/^[0-9a-f]{32}$/);
    expect(typeof logged!.time).toBe("string");
  });
});
