import { beforeEach, describe, expect, it } from "vitest";
import { revokeApiKey } from "../../server/auth/revoke-api-key";
import { setOAuthClientActive } from "../../server/auth/set-oauth-client-active";
import { EmbeddedDriver } from "../../server/jobs/embedded/embedded-driver";
import { revokeConnectedApp } from "../../server/settings/connected-apps";
import { setSubscriptionActive } from "../../server/webhooks/dashboard-subscriptions";
import { deliverWebhookJob } from "../../server/webhooks/deliver-webhook-job";
import { seedApiKey, seedOAuthToken } from "../support/factories";
import { resolvePrincipalFromSession } from "../../server/auth/resolve-session";
import { sampleEvent } from "./support/sample-events";
import { emit, seedSubscription } from "./support/webhook-fixtures";
import { useWebhookTest } from "./support/webhook-test";

const t = useWebhookTest();
let driver: EmbeddedDriver;
const DAY = 24 * 3_600_000;

beforeEach(() => {
  driver = new EmbeddedDriver({ db: t.db, clock: t.manual.clock, jobs: [deliverWebhookJob] });
});

const subscriptionRow = (id: string) => t.db.webhookSubscription.findUniqueOrThrow({ where: { id } });
const failWith500 = () => t.receiver.respondWith((_d, res) => void res.writeHead(500).end());

/** Puts a subscription in the middle of a run of failures that started `daysAgo` days ago (on the test clock). */
async function failingFor(id: string, failures: number, daysAgo: number) {
  const failingSince = new Date(t.manual.clock().getTime() - daysAgo * DAY);
  await t.db.webhookSubscription.update({ where: { id }, data: { consecutiveFailures: failures, failingSince } });
}

describe("endpoints that keep failing are disabled", () => {
  it("after failing for 3 days with at least 6 failures and no success: disabled, with why and since when", async () => {
    const subscription = await seedSubscription(t.db, t.org, { targetUrl: t.receiver.url(), event: "lead.created" });
    await failingFor(subscription.id, 5, 3.5);
    failWith500();
    await emit(t.db, t.org, [sampleEvent("lead.created")]);
    await driver.runDue();
    const row = await subscriptionRow(subscription.id);
    expect(row).toMatchObject({ isActive: false, disabledReason: "failing", consecutiveFailures: 6 });
    expect(row.disabledAt!.getTime()).toBeGreaterThan(row.failingSince!.getTime());

    // Nothing more is sent while it is disabled; enabling it again resumes delivery with a fresh streak.
    await emit(t.db, t.org, [sampleEvent("lead.created")]);
    expect(await t.db.webhookDelivery.count({ where: { subscriptionId: subscription.id } })).toBe(1);
    t.receiver.respondWith((_d, res) => void res.writeHead(200).end());
    const resumed = await setSubscriptionActive({ db: t.db, principal: (await resolvePrincipalFromSession(t.db, { userId: t.org.ownerId, organizationId: t.org.id }))! }, subscription.id, true);
    expect(resumed).toMatchObject({ isActive: true, disabledReason: null, consecutiveFailures: 0, failingSince: null });
    await emit(t.db, t.org, [sampleEvent("lead.created")]);
    await driver.runDue();
    const deliveries = await t.db.webhookDelivery.findMany({ where: { subscriptionId: subscription.id }, orderBy: { createdAt: "asc" } });
    expect(deliveries.at(-1)!.status).toBe("succeeded");
  });

  it("a target answering 410 Gone unsubscribed: turned off at once, the delivery ends, nothing more is sent", async () => {
    const subscription = await seedSubscription(t.db, t.org, { targetUrl: t.receiver.url(), event: "lead.won" });
    const untouched = await seedSubscription(t.db, t.org, { targetUrl: t.receiver.url(), event: "lead.lost" });
    t.receiver.respondWith((_d, res) => void res.writeHead(410).end());
    await emit(t.db, t.org, [sampleEvent("lead.won")]);
    await driver.runDue();
    const row = await subscriptionRow(subscription.id);
    expect(row).toMatchObject({ isActive: false, disabledReason: "unsubscribed", consecutiveFailures: 0 });
    expect(row.disabledAt).not.toBeNull();
    const [delivery] = await t.db.webhookDelivery.findMany({ where: { subscriptionId: subscription.id }, include: { attempts: true } });
    expect(delivery).toMatchObject({ status: "failed", attemptCount: 1 });
    expect(delivery!.attempts.map((attempt) => attempt.statusCode)).toEqual([410]);

    await emit(t.db, t.org, [sampleEvent("lead.won")]);
    expect(await t.db.webhookDelivery.count({ where: { subscriptionId: subscription.id } })).toBe(1);
    expect(await subscriptionRow(untouched.id)).toMatchObject({ isActive: true, disabledReason: null });
  });

  it("stays enabled while the failures span less than 3 days, however many", async () => {
    const subscription = await seedSubscription(t.db, t.org, { targetUrl: t.receiver.url(), event: "lead.updated" });
    await failingFor(subscription.id, 40, 2.5);
    failWith500();
    await emit(t.db, t.org, [sampleEvent("lead.updated")]);
    await driver.runDue();
    expect(await subscriptionRow(subscription.id)).toMatchObject({ isActive: true, disabledReason: null, consecutiveFailures: 41 });
  });

  it("stays enabled with fewer than 6 failures, however old the first", async () => {
    const subscription = await seedSubscription(t.db, t.org, { targetUrl: t.receiver.url(), event: "lead.won" });
    await failingFor(subscription.id, 2, 10);
    failWith500();
    await emit(t.db, t.org, [sampleEvent("lead.won")]);
    await driver.runDue();
    expect(await subscriptionRow(subscription.id)).toMatchObject({ isActive: true, consecutiveFailures: 3 });
  });

  it("one success ends the run of failures", async () => {
    const subscription = await seedSubscription(t.db, t.org, { targetUrl: t.receiver.url(), event: "lead.lost" });
    await failingFor(subscription.id, 5, 2.9);
    await emit(t.db, t.org, [sampleEvent("lead.lost")]);
    await driver.runDue();
    expect(await subscriptionRow(subscription.id)).toMatchObject({ isActive: true, consecutiveFailures: 0, failingSince: null });
  });

  it("a failure starts the run's clock", async () => {
    const subscription = await seedSubscription(t.db, t.org, { targetUrl: t.receiver.url(), event: "unit.created" });
    failWith500();
    await emit(t.db, t.org, [sampleEvent("unit.created")]);
    await driver.runDue();
    const row = await subscriptionRow(subscription.id);
    expect(row.consecutiveFailures).toBe(1);
    expect(Math.abs(row.failingSince!.getTime() - t.manual.clock().getTime())).toBeLessThan(5_000);
  });
});

describe("subscriptions go with the credential that manages them", () => {
  it("revoking an API key deactivates its subscriptions at once, visibly, and leaves others alone", async () => {
    const { apiKey: key } = await seedApiKey(t.db, t.org.id);
    const managed = await seedSubscription(t.db, t.org, {
      targetUrl: t.receiver.url(),
      event: "lead.created",
      manager: { managedBy: "api_key", apiKeyId: key.id, oauthClientDbId: null },
    });
    const other = await seedSubscription(t.db, t.org, { targetUrl: t.receiver.url(), event: "lead.created" });
    expect(await revokeApiKey(t.db, { id: key.id })).toBe(true);
    expect(await subscriptionRow(managed.id)).toMatchObject({ isActive: false, disabledReason: "credential_revoked" });
    expect(await subscriptionRow(other.id)).toMatchObject({ isActive: true, disabledReason: null });
  });

  it("a delivery whose credential died after it was queued is not sent, and says why", async () => {
    const { apiKey: key } = await seedApiKey(t.db, t.org.id);
    const managed = await seedSubscription(t.db, t.org, {
      targetUrl: t.receiver.url(),
      event: "lead.updated",
      manager: { managedBy: "api_key", apiKeyId: key.id, oauthClientDbId: null },
    });
    await emit(t.db, t.org, [sampleEvent("lead.updated")]);
    // The key expires (no revocation ran): the delivery checks the credential itself.
    await t.db.apiKey.update({ where: { id: key.id }, data: { expiresAt: new Date(Date.now() - 1_000) } });
    await driver.runDue();
    const delivery = await t.db.webhookDelivery.findFirstOrThrow({ where: { subscriptionId: managed.id }, include: { attempts: true } });
    expect(delivery.status).toBe("failed");
    expect(delivery.attempts[0]!.error).toMatch(/credential .* revoked; not sent/);
    expect(t.receiver.received).toHaveLength(0);
  });

  it("revoking a connected app deactivates that app's subscriptions in this organization only", async () => {
    const { client, accessToken } = await seedOAuthToken(t.db, { organizationId: t.org.id, userId: t.org.ownerId });
    const manager = { managedBy: "oauth_client" as const, apiKeyId: null, oauthClientDbId: client.id };
    const managed = await seedSubscription(t.db, t.org, { targetUrl: t.receiver.url(), event: "project.created", manager });
    const principal = (await resolvePrincipalFromSession(t.db, { userId: t.org.ownerId, organizationId: t.org.id }))!;
    await revokeConnectedApp({ db: t.db, principal }, accessToken.grantId!);
    expect(await subscriptionRow(managed.id)).toMatchObject({ isActive: false, disabledReason: "credential_revoked" });
  });

  it("disabling an OAuth client deactivates its subscriptions everywhere", async () => {
    const { client } = await seedOAuthToken(t.db, { organizationId: t.org.id, userId: t.org.ownerId });
    const manager = { managedBy: "oauth_client" as const, apiKeyId: null, oauthClientDbId: client.id };
    const managed = await seedSubscription(t.db, t.org, { targetUrl: t.receiver.url(), event: "unit.updated", manager });
    expect(await setOAuthClientActive(t.db, client.clientId, false)).toBe(true);
    expect(await subscriptionRow(managed.id)).toMatchObject({ isActive: false, disabledReason: "credential_revoked" });
    expect((await t.db.oAuthClient.findUniqueOrThrow({ where: { id: client.id } })).isActive).toBe(false);
  });
});
