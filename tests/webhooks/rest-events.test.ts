import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { closeIdleConnections } from "../../server/webhooks/http-sender";
import { EmbeddedDriver } from "../../server/jobs/embedded/embedded-driver";
import { deliverWebhookJob } from "../../server/webhooks/deliver-webhook-job";
import { useApiTest } from "../support/api-test";
import { signatureIsValid, startReceiver, type TestReceiver } from "./support/receiver";
import { createTestCertificates, type TestCertificates } from "./support/tls-fixture";
import { configureForTests } from "../../server/config/config";

/**
 * End to end through the REST door: an integrator subscribes with its API
 * key, writes through the API, and its receiver gets the signed events,
 * stamped `X-Service-Source: api` so it can drop its own echoes.
 */

const t = useApiTest();
let certs: TestCertificates;
let receiver: TestReceiver;
let driver: EmbeddedDriver;

beforeAll(async () => {
  certs = createTestCertificates();
  receiver = await startReceiver(certs);
  configureForTests({ WEBHOOK_ALLOW_PRIVATE_TARGETS: "true" });
  configureForTests({ WEBHOOK_EXTRA_CA_FILE: certs.caFile });
  configureForTests({ WEBHOOK_TIMEOUT_MS: "5000" });
  driver = new EmbeddedDriver({ jobs: [deliverWebhookJob],  db: t.db, pollIntervalMs: 50 });
  driver.start();
});

afterAll(async () => {
  await driver.stop();
  closeIdleConnections();
  await receiver.close();
  certs.remove();
});

async function subscribe(event: string): Promise<string> {
  const response = await t.server.api("/webhooks/subscriptions", {
    token: t.org.key,
    method: "POST",
    json: { target_url: receiver.url(`/hook/${event}`), event, external_id: `e2e-${event}` },
  });
  expect(response.status).toBe(201);
  return ((await response.json()) as { secret: string }).secret;
}

describe("events from REST writes", () => {
  it("POST /leads delivers a signed lead.created with X-Service-Source: api", async () => {
    const secret = await subscribe("lead.created");
    const created = await t.server.api("/leads", { token: t.org.key, method: "POST", json: { firstName: "Lucía", email: "lucia@example.com" } });
    expect(created.status).toBe(201);
    const lead = (await created.json()) as { id: string };

    const [delivery] = (await receiver.waitFor(1)).filter((r) => r.path === "/hook/lead.created");
    expect(delivery!.headers["x-service-source"]).toBe("api");
    expect(delivery!.headers["x-service-event"]).toBe("lead.created");
    expect(signatureIsValid(delivery!.rawBody, delivery!.headers["x-service-signature"], secret)).toBe(true);
    const body = JSON.parse(delivery!.rawBody.toString("utf8")) as { type: string; data: { lead: { id: string; email: string } } };
    expect(body.type).toBe("lead.created");
    expect(body.data.lead).toMatchObject({ id: lead.id, email: "lucia@example.com" });
  });

  it("POST /projects delivers project.created and unit.created", async () => {
    const projectSecret = await subscribe("project.created");
    const unitSecret = await subscribe("unit.created");
    const before = receiver.received.length;
    const created = await t.server.api("/projects", {
      token: t.org.key,
      method: "POST",
      json: { name: "Torre Mirador", city: "Málaga", units: [{ name: "1A", price: 240000 }] },
    });
    expect(created.status).toBe(201);
    const received = (await receiver.waitFor(before + 2)).slice(before);
    const byPath = new Map(received.map((r) => [r.path, r]));
    const project = byPath.get("/hook/project.created")!;
    const unit = byPath.get("/hook/unit.created")!;
    expect(signatureIsValid(project.rawBody, project.headers["x-service-signature"], projectSecret)).toBe(true);
    expect(signatureIsValid(unit.rawBody, unit.headers["x-service-signature"], unitSecret)).toBe(true);
    expect([project.headers["x-service-source"], unit.headers["x-service-source"]]).toEqual(["api", "api"]);
    const unitBody = JSON.parse(unit.rawBody.toString("utf8")) as { data: Record<string, unknown> };
    expect(Object.keys(unitBody.data)).toEqual(expect.arrayContaining(["unit", "project"]));
  });
});
