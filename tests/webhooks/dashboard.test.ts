import { beforeEach, describe, expect, it } from "vitest";
import type { MemberRole } from "../../server/auth/roles";
import { appRouter } from "../../server/api/root";
import { createCallerFactory } from "../../server/api/trpc";
import { resolvePrincipalFromSession } from "../../server/auth/resolve-session";
import { ApiError } from "../../server/errors/api-error";
import { EmbeddedDriver } from "../../server/jobs/embedded/embedded-driver";
import { deliverWebhookJob } from "../../server/webhooks/deliver-webhook-job";
import { seedMember, seedOrganization, type SeededOrganization } from "../support/factories";
import { acknowledge, signatureIsValid } from "./support/receiver";
import { sampleEvent } from "./support/sample-events";
import { emit } from "./support/webhook-fixtures";
import { useWebhookTest } from "./support/webhook-test";

/** The dashboard's webhook procedures, called through the tRPC door's router with a signed-in member. */

const t = useWebhookTest();
let driver: EmbeddedDriver;
const createCaller = createCallerFactory(appRouter);

async function dashboardAs(organizationId: string, role: MemberRole = "admin") {
  const member = await seedMember(t.db, organizationId, { role });
  const principal = await resolvePrincipalFromSession(t.db, { userId: member.userId, organizationId });
  if (!principal) throw new Error("no session principal");
  return createCaller({ db: t.db, door: "trpc", auth: { status: "authenticated", principal }, response: { headers: new Headers() } }).webhooks;
}

async function rejection(promise: Promise<unknown>): Promise<ApiError> {
  const error = await promise.then(
    () => null,
    (e: unknown) => (e as { cause?: unknown }).cause ?? e,
  );
  expect(error).toBeInstanceOf(ApiError);
  return error as ApiError;
}

beforeEach(() => {
  driver = new EmbeddedDriver({ jobs: [deliverWebhookJob],  db: t.db, clock: t.manual.clock });
});

describe("dashboard webhook procedures", () => {
  it("creates a dashboard-managed subscription (secret once) and lists every subscription of the organization", async () => {
    const webhooks = await dashboardAs(t.org.id);
    const { subscription, secret } = await webhooks.dashboardCreate({ targetUrl: t.receiver.url(), event: "lead.created", name: "CRM sync" });
    expect(secret).toMatch(/^whsec_/);
    expect(subscription).toMatchObject({ managedBy: "dashboard", name: "CRM sync", isActive: true, consecutiveFailures: 0 });

    // An API integration's subscription is visible (and manageable) here too.
    const api = await fetchApiSubscription(t.org);
    const { data } = await webhooks.dashboardList();
    expect(data.map((s) => s.id).sort()).toEqual([subscription.id, api].sort());
    expect(data.find((s) => s.id === api)!.managedBy).toBe("api");

    await emit(t.db, t.org, [sampleEvent("lead.created")]);
    await driver.runDue();
    expect(signatureIsValid(t.receiver.received[0]!.rawBody, t.receiver.received[0]!.headers["x-service-signature"], secret)).toBe(true);
  });

  it("pauses and resumes: a paused subscription gets no deliveries", async () => {
    const webhooks = await dashboardAs(t.org.id);
    const { subscription } = await webhooks.dashboardCreate({ targetUrl: t.receiver.url(), event: "project.created" });
    expect((await webhooks.dashboardSetActive({ id: subscription.id, isActive: false })).isActive).toBe(false);
    await emit(t.db, t.org, [sampleEvent("project.created")]);
    expect(await t.db.webhookDelivery.count({ where: { subscriptionId: subscription.id } })).toBe(0);
    expect((await webhooks.dashboardSetActive({ id: subscription.id, isActive: true })).isActive).toBe(true);
    await emit(t.db, t.org, [sampleEvent("project.created")]);
    expect(await t.db.webhookDelivery.count({ where: { subscriptionId: subscription.id } })).toBe(1);
  });

  it("lists deliveries with their attempts and resends a failed one under the same delivery id", async () => {
    const webhooks = await dashboardAs(t.org.id);
    const { subscription } = await webhooks.dashboardCreate({ targetUrl: t.receiver.url(), event: "unit.updated" });
    t.receiver.respondWith((_d, res) => void res.writeHead(500).end());
    await emit(t.db, t.org, [sampleEvent("unit.updated")]);
    for (const delay of [0, 60_000, 300_000, 1_800_000, 7_200_000, 43_200_000]) {
      t.manual.advance(delay);
      await driver.runDue();
    }

    const failed = await webhooks.listDeliveries({ subscriptionId: subscription.id, status: "failed" });
    expect(failed.pagination).toMatchObject({ total: 1, hasMore: false });
    const [delivery] = failed.data;
    expect(delivery).toMatchObject({ status: "failed", attemptCount: 6, eventType: "unit.updated", origin: "api", nextAttemptAt: null });
    expect(delivery!.attempts.map((a) => [a.number, a.statusCode])).toEqual([1, 2, 3, 4, 5, 6].map((n) => [n, 500]));
    expect((await webhooks.dashboardList()).data[0]!.consecutiveFailures).toBe(6);

    t.receiver.respondWith(acknowledge);
    expect(await webhooks.resendDelivery({ id: delivery!.id })).toEqual({ id: delivery!.id, status: "pending" });
    await driver.runDue();
    const [resent] = (await webhooks.listDeliveries({ subscriptionId: subscription.id })).data;
    expect(resent).toMatchObject({ id: delivery!.id, status: "succeeded", attemptCount: 7 });
    expect(t.receiver.received.at(-1)!.headers["x-service-delivery"]).toBe(delivery!.id);

    const notFailed = await rejection(webhooks.resendDelivery({ id: delivery!.id }));
    expect(notFailed.code).toBe("BAD_REQUEST");
  });

  it("a resend that fails again ends failed after its one attempt", async () => {
    const webhooks = await dashboardAs(t.org.id);
    const { subscription } = await webhooks.dashboardCreate({ targetUrl: t.receiver.url(), event: "lead.won" });
    t.receiver.respondWith((_d, res) => void res.writeHead(500).end());
    await emit(t.db, t.org, [sampleEvent("lead.won")]);
    for (const delay of [0, 60_000, 300_000, 1_800_000, 7_200_000, 43_200_000]) {
      t.manual.advance(delay);
      await driver.runDue();
    }
    const [delivery] = (await webhooks.listDeliveries({ subscriptionId: subscription.id })).data;
    await webhooks.resendDelivery({ id: delivery!.id });
    await driver.runDue();
    const [after] = (await webhooks.listDeliveries({ subscriptionId: subscription.id })).data;
    expect(after).toMatchObject({ status: "failed", attemptCount: 7, nextAttemptAt: null });
  });

  it("deletes any subscription of the organization, including API-managed ones", async () => {
    const webhooks = await dashboardAs(t.org.id);
    const api = await fetchApiSubscription(t.org);
    expect(await webhooks.dashboardDelete({ id: api })).toEqual({ id: api, deleted: true });
    expect((await rejection(webhooks.dashboardDelete({ id: api }))).code).toBe("NOT_FOUND");
  });

  it("keeps organizations apart and needs webhooks:manage", async () => {
    const other = await seedOrganization(t.db, { rateLimitExempt: true });
    const theirs = await (await dashboardAs(other.id)).dashboardCreate({ targetUrl: t.receiver.url(), event: "lead.created" });
    const webhooks = await dashboardAs(t.org.id);
    expect((await rejection(webhooks.dashboardSetActive({ id: theirs.subscription.id, isActive: false }))).code).toBe("NOT_FOUND");
    expect((await rejection(webhooks.dashboardDelete({ id: theirs.subscription.id }))).code).toBe("NOT_FOUND");
    expect((await webhooks.dashboardList()).data.map((s) => s.id)).not.toContain(theirs.subscription.id);

    const member = await dashboardAs(t.org.id, "member");
    expect((await rejection(member.dashboardList())).code).toBe("FORBIDDEN");
  });
});

/** An API-key-managed subscription created through the domain, as POST /webhooks/subscriptions would. */
async function fetchApiSubscription(organization: SeededOrganization): Promise<string> {
  const { createSubscription } = await import("../../server/webhooks/create-subscription");
  const key = await t.db.apiKey.findFirstOrThrow({ where: { organizationId: organization.id } });
  const result = await createSubscription(t.db, organization.id, { managedBy: "api_key", apiKeyId: key.id, oauthClientDbId: null }, {
    targetUrl: t.receiver.url(),
    event: "lead.updated",
  });
  return result.subscription.id;
}
