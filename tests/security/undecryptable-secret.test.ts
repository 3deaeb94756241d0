import { beforeEach, describe, expect, it } from "vitest";
import { EmbeddedDriver } from "../../server/jobs/embedded/embedded-driver";
import { deliverWebhookJob } from "../../server/webhooks/deliver-webhook-job";
import { sampleEvent } from "../webhooks/support/sample-events";
import { emit, seedSubscription } from "../webhooks/support/webhook-fixtures";
import { useWebhookTest } from "../webhooks/support/webhook-test";
import { configureForTests } from "../../server/config/config";

/**
 * Finding 4 (webhooks): a signing secret that can no longer be decrypted (the
 * key changed without WEBHOOK_SECRET_KEY_PREVIOUS) fails its delivery for good
 * with a clear reason, instead of being claimed again and again.
 */
const t = useWebhookTest();
let driver: EmbeddedDriver;

beforeEach(() => {
  driver = new EmbeddedDriver({ jobs: [deliverWebhookJob], db: t.db, clock: t.manual.clock });
  configureForTests({ WEBHOOK_ALLOW_PRIVATE_TARGETS: "true" });
});

describe("a secret that can no longer be decrypted", () => {
  it("fails the delivery once, with the reason, sends nothing, and is never claimed again", async () => {
    const subscription = await seedSubscription(t.db, t.org, { targetUrl: t.receiver.url("/hook"), event: "lead.created" });
    // Sealed with a key this server does not have.
    await t.db.webhookSubscription.update({ where: { id: subscription.id }, data: { secretCiphertext: "v1.0badc0de.AAAA.AAAA.AAAA" } });
    await emit(t.db, t.org, [sampleEvent("lead.created")], "api");

    await driver.runDue();
    const [delivery] = await t.db.webhookDelivery.findMany({ where: { subscriptionId: subscription.id }, include: { attempts: true } });
    expect(delivery?.status).toBe("failed");
    expect(delivery?.attempts.map((a) => a.error)).toEqual([expect.stringMatching(/cannot be decrypted/)]);
    expect(t.receiver.received).toHaveLength(0);

    // A day later nothing is claimed or attempted again.
    t.manual.advance(24 * 60 * 60 * 1000);
    await driver.runDue();
    expect(await t.db.webhookDeliveryAttempt.count({ where: { deliveryId: delivery!.id } })).toBe(1);
  });
});
