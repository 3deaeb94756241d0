import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { configureForTests } from "../../server/config/config";
import { EmbeddedDriver } from "../../server/jobs/embedded/embedded-driver";
import { runDeferredJob } from "../../server/jobs/deferred/run-deferred-job";
import { forgetVapidKeys } from "../../server/notifications/push/vapid-keys";
import { closeIdleConnections } from "../../server/webhooks/http-sender";
import { rejection, sessionCaller } from "../dashboard/callers";
import { startFakePushService, type FakePushService } from "../fakes/push-service";
import { body, leadsApi, type Lead } from "../leads/helpers";
import { useApiTest } from "../support/api-test";
import { seedMember } from "../support/factories";
import { createTestCertificates, type TestCertificates } from "../webhooks/support/tls-fixture";
import { createManualClock } from "../webhooks/support/manual-clock";

/**
 * Web Push through a push service fake that enforces RFC 8030, VAPID (RFC
 * 8292) and aes128gcm (RFC 8291): a manager assigns a lead, the rep's
 * devices receive the encrypted notice; the service's answers decide what
 * happens next (410 forgets the device, 429 waits for Retry-After on the
 * job clock, 5xx retries, 413 never).
 */
const t = useApiTest();
let certificates: TestCertificates;
let push: FakePushService;
let rep: { userId: string };
let other: { userId: string };
const manual = createManualClock();
const driver = () => new EmbeddedDriver({ db: t.db, clock: manual.clock, jobs: [runDeferredJob] });

beforeAll(async () => {
  certificates = createTestCertificates();
  configureForTests({ WEBHOOK_ALLOW_PRIVATE_TARGETS: "true", WEBHOOK_EXTRA_CA_FILE: certificates.caFile, NEXTAUTH_URL: "https://crm.example.com" });
  forgetVapidKeys();
  push = await startFakePushService(certificates);
  rep = await seedMember(t.db, t.org.id, { name: "Rocío Hernández" });
  other = await seedMember(t.db, t.org.id, { name: "Diego Ramírez" });
});

afterAll(async () => {
  closeIdleConnections();
  await push.close();
  certificates.remove();
});

beforeEach(() => {
  push.received.length = 0;
  push.refused.length = 0;
});

/** A browser on the rep's phone: asks for the key, subscribes at the push service, hands the subscription to the dashboard. */
async function subscribeDevice(userId: string) {
  const caller = await sessionCaller(t.db, userId, t.org.id);
  const { publicKey } = await caller.notifications.pushDeviceStatus({ endpoint: null });
  const subscription = push.subscribe(publicKey);
  await caller.notifications.subscribePushDevice({ ...subscription, userAgent: "Mozilla/5.0 (Linux; Android 14) Mobile" });
  return subscription;
}

async function assignNewLead(userId: string, firstName: string): Promise<Lead> {
  const api = leadsApi(t.server, t.org.key);
  const lead = await api.createFull({ firstName, lastName: "Gutiérrez", phone: "+52 55 5555 0101" });
  return body<Lead>(await api.update(lead.id, { assignedToId: userId }), 200);
}

describe("Web Push", () => {
  it("delivers the assignment to the rep's device, encrypted for it and signed with the server's VAPID key", async () => {
    const device = await subscribeDevice(rep.userId);
    const lead = await assignNewLead(rep.userId, "María");
    await driver().runOnce();

    expect(push.refused).toEqual([]);
    expect(push.received).toHaveLength(1);
    const [received] = push.received;
    expect(device.endpoint.endsWith(received!.token)).toBe(true);
    expect(received!.headers.ttl).toBe("3600");
    expect(received!.headers.urgency).toBe("high");
    expect(JSON.parse(received!.payload)).toEqual({
      title: "New lead for you",
      body: "María Gutiérrez",
      url: `/leads/${lead.id}`,
      tag: `lead_assigned:${lead.id}`,
      kind: "lead_assigned",
    });
    const caller = await sessionCaller(t.db, rep.userId, t.org.id);
    expect(await caller.notifications.pushDeviceStatus({ endpoint: device.endpoint })).toMatchObject({ subscribed: true, devices: 1 });
    await caller.notifications.unsubscribePushDevice({ endpoint: device.endpoint });
  });

  it("sends nothing to a person with no subscribed device, though the bell still has the notice", async () => {
    const lead = await assignNewLead(other.userId, "Lucía");
    await driver().runOnce();
    expect(push.received).toEqual([]);
    const { data } = await (await sessionCaller(t.db, other.userId, t.org.id)).notifications.list({});
    expect(data[0]).toMatchObject({ kind: "lead_assigned", leadId: lead.id });
  });

  it("forgets a device whose subscription expired (410), and one the service no longer knows (404)", async () => {
    const expired = await subscribeDevice(rep.userId);
    push.expire(expired.endpoint);
    await assignNewLead(rep.userId, "Valentina");
    await driver().runOnce();
    expect(push.refused.map((r) => r.status)).toEqual([410]);
    expect(await t.db.pushSubscription.count({ where: { endpoint: expired.endpoint } })).toBe(0);

    const gone = await subscribeDevice(rep.userId);
    push.answerNext(gone.endpoint, 404);
    await assignNewLead(rep.userId, "Camila");
    await driver().runOnce();
    expect(await t.db.pushSubscription.count({ where: { endpoint: gone.endpoint } })).toBe(0);
  });

  it("waits out a 429's Retry-After on the job clock, then delivers", async () => {
    const device = await subscribeDevice(rep.userId);
    push.answerNext(device.endpoint, 429, { "retry-after": "120" });
    await assignNewLead(rep.userId, "Sofía");
    await driver().runOnce();
    expect(push.received).toEqual([]);

    manual.advance(119_000);
    await driver().runOnce();
    expect(push.received).toEqual([]);

    manual.advance(2_000);
    await driver().runOnce();
    expect(push.received.map((r) => JSON.parse(r.payload).body)).toEqual(["Sofía Gutiérrez"]);
    await (await sessionCaller(t.db, rep.userId, t.org.id)).notifications.unsubscribePushDevice({ endpoint: device.endpoint });
  });

  it("retries after a 5xx, and never retries a 413", async () => {
    const device = await subscribeDevice(rep.userId);
    push.answerNext(device.endpoint, 503);
    await assignNewLead(rep.userId, "Isabella");
    await driver().runOnce();
    expect(push.received).toEqual([]);
    manual.advance(11_000);
    await driver().runOnce();
    expect(push.received).toHaveLength(1);

    push.answerNext(device.endpoint, 413);
    await assignNewLead(rep.userId, "Renata");
    await driver().runOnce();
    manual.advance(3_600_000);
    await driver().runOnce();
    expect(push.received).toHaveLength(1);
    expect(push.refused.map((r) => r.status)).toEqual([503, 413]);
    expect(await t.db.pushSubscription.count({ where: { endpoint: device.endpoint } })).toBe(1);
  });

  it("refuses a subscription whose endpoint is not https", async () => {
    const caller = await sessionCaller(t.db, rep.userId, t.org.id);
    const answer = await rejection(
      caller.notifications.subscribePushDevice({ endpoint: "http://127.0.0.1:9/push/x", keys: { p256dh: "AAAA", auth: "BBBB" } }),
    );
    expect(answer).toMatchObject({ status: 400, code: "VALIDATION_ERROR" });
  });
});
