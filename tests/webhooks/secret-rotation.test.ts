import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { configureForTests } from "../../server/config/config";
import { encryptSecret } from "../../server/crypto/secret-box";
import { EmbeddedDriver } from "../../server/jobs/embedded/embedded-driver";
import { deliverWebhookJob } from "../../server/webhooks/deliver-webhook-job";
import { closeIdleConnections } from "../../server/webhooks/http-sender";
import { useApiTest } from "../support/api-test";
import { seedOrganization } from "../support/factories";
import { signatureIsValid, startReceiver, type ReceivedDelivery, type TestReceiver } from "./support/receiver";
import { createTestCertificates, type TestCertificates } from "./support/tls-fixture";

/**
 * Secret rotation without downtime, through the REST door and real
 * deliveries: during the overlap a receiver that knows only the old secret
 * and one that knows only the new secret both verify every delivery.
 */

const t = useApiTest();
let certs: TestCertificates;
let receiver: TestReceiver;
let driver: EmbeddedDriver;

beforeAll(async () => {
  certs = createTestCertificates();
  receiver = await startReceiver(certs);
  configureForTests({ WEBHOOK_ALLOW_PRIVATE_TARGETS: true, WEBHOOK_EXTRA_CA_FILE: certs.caFile, WEBHOOK_TIMEOUT_MS: 5000 });
  driver = new EmbeddedDriver({ jobs: [deliverWebhookJob], db: t.db, pollIntervalMs: 50 });
  driver.start();
});

afterAll(async () => {
  await driver.stop();
  closeIdleConnections();
  await receiver.close();
  certs.remove();
});

/** What a receiver written from the guide does: any entry of X-Service-Signatures matching its one secret. */
function receiverAccepts(delivery: ReceivedDelivery, secret: string): boolean {
  const list = delivery.headers["x-service-signatures"];
  return typeof list === "string" && list.split(" ").some((signature) => signatureIsValid(delivery.rawBody, signature, secret));
}

async function deliverOne(token: string, path: string): Promise<ReceivedDelivery> {
  const before = receiver.received.length;
  const response = await t.server.api("/leads", { token, method: "POST", json: { firstName: "Rota", email: `r${before}@example.com` } });
  expect(response.status).toBe(201);
  const received = await receiver.waitFor(before + 1);
  return received.slice(before).find((delivery) => delivery.path === path)!;
}

describe("POST /webhooks/subscriptions/{id}/rotate-secret", () => {
  it("signs with both secrets during the overlap, then with the new one only", { timeout: 60_000 }, async () => {
    const org = await seedOrganization(t.db, { rateLimitExempt: true });
    const created = await t.server.api("/webhooks/subscriptions", {
      token: org.key,
      method: "POST",
      json: { target_url: receiver.url("/rotating"), event: "lead.created" },
    });
    const { id, secret: oldSecret } = (await created.json()) as { id: string; secret: string };

    const before = await deliverOne(org.key, "/rotating");
    expect(before.headers["x-service-signatures"]).toBe(before.headers["x-service-signature"]);
    expect(receiverAccepts(before, oldSecret)).toBe(true);

    const rotated = await t.server.api(`/webhooks/subscriptions/${id}/rotate-secret`, { token: org.key, method: "POST" });
    expect(rotated.status).toBe(200);
    const body = (await rotated.json()) as { id: string; secret: string; previous_secret_expires_at: string };
    expect(body.id).toBe(id);
    expect(body.secret).toMatch(/^whsec_/);
    expect(body.secret).not.toBe(oldSecret);
    const overlap = Date.parse(body.previous_secret_expires_at) - Date.now();
    expect(overlap).toBeGreaterThan(23.9 * 3_600_000);
    expect(overlap).toBeLessThanOrEqual(24 * 3_600_000);
    const newSecret = body.secret;

    for (let i = 0; i < 3; i++) {
      const during = await deliverOne(org.key, "/rotating");
      // The contract's header is exactly one signature, of the new secret.
      expect(signatureIsValid(during.rawBody, during.headers["x-service-signature"], newSecret)).toBe(true);
      expect(String(during.headers["x-service-signatures"]).split(" ")).toHaveLength(2);
      expect(receiverAccepts(during, oldSecret)).toBe(true);
      expect(receiverAccepts(during, newSecret)).toBe(true);
    }

    // 24 hours later (the overlap's end written into the past): the old secret no longer verifies.
    await t.db.webhookSubscription.update({ where: { id }, data: { previousSecretExpiresAt: new Date(Date.now() - 1000) } });
    const after = await deliverOne(org.key, "/rotating");
    expect(after.headers["x-service-signatures"]).toBe(after.headers["x-service-signature"]);
    expect(receiverAccepts(after, newSecret)).toBe(true);
    expect(receiverAccepts(after, oldSecret)).toBe(false);

    // Nothing reads a secret back.
    const read = await (await t.server.api(`/webhooks/subscriptions/${id}`, { token: org.key })).text();
    expect(read).not.toContain(newSecret);
    expect(read).not.toContain(oldSecret);
  });

  it("DELETE …/previous-secret ends the overlap early, and answers the same when there is none", async () => {
    const org = await seedOrganization(t.db, { rateLimitExempt: true });
    const created = await t.server.api("/webhooks/subscriptions", {
      token: org.key,
      method: "POST",
      json: { target_url: receiver.url("/early"), event: "lead.created" },
    });
    const { id, secret: first } = (await created.json()) as { id: string; secret: string };
    const { secret: second } = (await (await t.server.api(`/webhooks/subscriptions/${id}/rotate-secret`, { token: org.key, method: "POST" })).json()) as {
      secret: string;
    };
    // A second rotation during the overlap drops the oldest secret: only two are ever valid.
    const { secret: third } = (await (await t.server.api(`/webhooks/subscriptions/${id}/rotate-secret`, { token: org.key, method: "POST" })).json()) as {
      secret: string;
    };
    const during = await deliverOne(org.key, "/early");
    expect([receiverAccepts(during, first), receiverAccepts(during, second), receiverAccepts(during, third)]).toEqual([false, true, true]);

    for (let i = 0; i < 2; i++) {
      const dropped = await t.server.api(`/webhooks/subscriptions/${id}/previous-secret`, { token: org.key, method: "DELETE" });
      expect(dropped.status).toBe(200);
      expect(await dropped.json()).toEqual({ id, previous_secret_expires_at: null });
    }
    const after = await deliverOne(org.key, "/early");
    expect([receiverAccepts(after, second), receiverAccepts(after, third)]).toEqual([false, true]);
  });

  it("refuses a dashboard-managed subscription (403) and another organization's (404)", async () => {
    const org = await seedOrganization(t.db, { rateLimitExempt: true });
    const other = await seedOrganization(t.db, { rateLimitExempt: true });
    const dashboard = await t.db.webhookSubscription.create({
      data: { organizationId: org.id, event: "lead.created", targetUrl: receiver.url("/dash"), secretCiphertext: encryptSecret("whsec_x"), managedBy: "dashboard" },
    });
    const refused = await t.server.api(`/webhooks/subscriptions/${dashboard.id}/rotate-secret`, { token: org.key, method: "POST" });
    expect(refused.status).toBe(403);
    expect((await t.server.api(`/webhooks/subscriptions/${dashboard.id}/previous-secret`, { token: org.key, method: "DELETE" })).status).toBe(403);
    expect((await t.server.api(`/webhooks/subscriptions/${dashboard.id}/rotate-secret`, { token: other.key, method: "POST" })).status).toBe(404);
    const unchanged = await t.db.webhookSubscription.findUniqueOrThrow({ where: { id: dashboard.id } });
    expect(unchanged.previousSecretCiphertext).toBeNull();
  });
});
