import { context, propagation, trace } from "@opentelemetry/api";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { configureForTests } from "../../server/config/config";
import { flushTraces, startTracing, stopTracing } from "../../server/observability/tracing";
import { useApiTest } from "../support/api-test";
import { seedOrganization } from "../support/factories";
import { startOtlpCollector, type OtlpCollector } from "../support/otlp-collector";
import { bulkInsertLeads, sequencesApi } from "./helpers";

/**
 * A launch enrols its whole audience with set-based statements: launching
 * 5,000 contacts (the largest audience allowed) sends PostgreSQL exactly the
 * statements launching 4 does. Counted from the app's own traces (a span per
 * statement, exported to a loopback collector), so the answer is the same on
 * any machine, where a bound on how long the launch took held only on a
 * fast one.
 */
let collector: OtlpCollector;

beforeAll(async () => {
  collector = await startOtlpCollector();
  configureForTests({ OTEL_EXPORTER_OTLP_ENDPOINT: collector.url });
  expect(startTracing()).toBe(true);
});

const t = useApiTest();

afterAll(async () => {
  await stopTracing();
  trace.disable();
  context.disable();
  propagation.disable();
  await collector.close();
});

/** The statements (span names, in order) of one launch's request, enrolling `audience` leads of a new organization. */
async function statementsOfLaunch(audience: number): Promise<string[]> {
  const org = await seedOrganization(t.db, { rateLimitExempt: true });
  const api = sequencesApi(t, () => org.key);
  await bulkInsertLeads(t.db, org.id, audience);
  const id = await api.createSequence();
  await flushTraces();
  const from = collector.spans.length;
  const response = await api.launch(id);
  expect(await response.json()).toEqual({ id, enqueued: audience });
  await flushTraces();
  const spans = collector.spans.slice(from);
  const request = spans.find((span) => span.name === "POST /api/v1/sequences/{sequenceId}/launch");
  expect(request).toBeDefined();
  return spans
    .filter((span) => span.traceId === request!.traceId && span.name.startsWith("db "))
    .sort((a, b) => Number(BigInt(a.startTimeUnixNano) - BigInt(b.startTimeUnixNano)))
    .map((span) => span.name);
}

describe("POST /sequences/{id}/launch", () => {
  it("sends the same statements for 5,000 contacts as for 4", async () => {
    const few = await statementsOfLaunch(4);
    expect(few).toContain("db INSERT");
    expect(await statementsOfLaunch(5000)).toEqual(few);
  });
});
