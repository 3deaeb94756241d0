import { describe, expect, it } from "vitest";
import { systemPrincipal } from "../../server/auth/system-principal";
import { EmbeddedDriver } from "../../server/jobs/embedded/embedded-driver";
import { createLead } from "../../server/leads/create-lead";
import { listLeadActivities } from "../../server/leads/activities/list-activities";
import { deliverWebhookJob } from "../../server/webhooks/deliver-webhook-job";
import { seedOrganization } from "../support/factories";
import { seedSubscription } from "../webhooks/support/webhook-fixtures";
import { useWebhookTest } from "../webhooks/support/webhook-test";

/**
 * Work the system does by itself (a job, a provider callback) acts as the
 * system actor of one organization: its writes are scoped to that
 * organization, its timeline entries are by "System", and its events are
 * delivered with X-Service-Source: system.
 */
const t = useWebhookTest();

describe("the system actor", () => {
  it("is bound to one organization, writes as System, and its events say they came from the system", async () => {
    await seedSubscription(t.db, t.org, { targetUrl: t.receiver.url(), event: "lead.created" });
    const principal = await systemPrincipal(t.db, t.org.id);
    expect(principal).toMatchObject({ kind: "system", source: "system", organizationId: t.org.id, userId: null, apiKeyId: null });

    const lead = await createLead({ db: t.db, principal }, { firstName: "Lucía", email: "lucia@example.test" });
    expect(await t.db.lead.count({ where: { id: lead.id, organizationId: t.org.id } })).toBe(1);
    const timeline = await listLeadActivities({ db: t.db, principal }, { leadId: lead.id, activityScope: "system", limit: 10, offset: 0 });
    expect(timeline.rows[0]?.user).toMatchObject({ id: "system", name: "System" });

    await new EmbeddedDriver({ db: t.db, clock: t.manual.clock, jobs: [deliverWebhookJob] }).runDue();
    expect(t.receiver.received).toHaveLength(1);
    expect(t.receiver.received[0]!.headers["x-service-source"]).toBe("system");
  });

  it("cannot be made for an organization that does not exist, and never reaches another organization's data", async () => {
    await expect(systemPrincipal(t.db, "00000000-0000-4000-8000-000000000000")).rejects.toMatchObject({ code: "NOT_FOUND" });
    const other = await seedOrganization(t.db, { rateLimitExempt: true });
    const theirs = await createLead({ db: t.db, principal: await systemPrincipal(t.db, other.id) }, { email: "theirs@example.test" });
    const mine = await systemPrincipal(t.db, t.org.id);
    await expect(
      listLeadActivities({ db: t.db, principal: mine }, { leadId: theirs.id, activityScope: "all", limit: 10, offset: 0 }),
    ).rejects.toMatchObject({ code: "NOT_FOUND" });
  });
});
