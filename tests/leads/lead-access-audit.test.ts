import { beforeAll, describe, expect, it } from "vitest";
import { systemPrincipal } from "../../server/auth/system-principal";
import { resolvePrincipalFromBearer } from "../../server/auth/resolve-bearer";
import { EmbeddedDriver } from "../../server/jobs/embedded/embedded-driver";
import { recordLeadExport } from "../../server/leads/access/record-lead-access";
import { LEAD_ACCESS_RETENTION_DAYS, pruneLeadAccessJob } from "../../server/leads/access/prune-lead-access-job";
import { sessionCookie } from "../security/support/dashboard-session";
import { trpc } from "../team/support/team-http";
import { createManualClock } from "../webhooks/support/manual-clock";
import { useApiTest } from "../support/api-test";
import { seedApiKey, seedLead, seedMember, seedOAuthToken } from "../support/factories";

/**
 * The lead access audit: who viewed or exported which leads, kept 90 days.
 * Views are recorded where a lead is read by id (the lead page's read and
 * GET /leads/{leadId}), once per person and lead within 10 minutes; exports
 * through the hook the export calls; owners and admins list both.
 */
const t = useApiTest();
let ownerCookie: string;

type Entry = { kind: string; actorName: string; via: string | null; source: string; leadCount: number; lead: { id: string; name: string | null } | null };
type Page = { data: Entry[]; pagination: { total: number } };
const list = (kind: "view" | "export", cookie = ownerCookie) => trpc<Page>(t.server, "leadAccess.list", { cookie, input: { kind } });

beforeAll(async () => {
  ownerCookie = await sessionCookie({ userId: t.org.ownerId, organizationId: t.org.id });
});

describe("views", () => {
  it("records who opened which lead, from either door, once per person within 10 minutes", async () => {
    const lead = await seedLead(t.db, t.org.id, { firstName: "Viewed", lastName: "Lead" });
    const agent = await seedMember(t.db, t.org.id, { name: "Vera Viewer" });
    const agentCookie = await sessionCookie({ userId: agent.userId, organizationId: t.org.id });
    const { token } = await seedOAuthToken(t.db, { organizationId: t.org.id, userId: agent.userId });
    const { key } = await seedApiKey(t.db, t.org.id, { name: "Zapier" });

    expect((await trpc(t.server, "leads.get", { cookie: agentCookie, input: { leadId: lead.id } })).status).toBe(200);
    expect((await trpc(t.server, "leads.get", { cookie: agentCookie, input: { leadId: lead.id } })).status).toBe(200); // the page refreshing
    expect((await t.server.api(`/leads/${lead.id}`, { token: key })).status).toBe(200);
    expect((await t.server.api(`/leads/${lead.id}`, { token })).status).toBe(200); // the same person, through their app: same person, once

    const views = (await list("view")).data.data.filter((entry) => entry.lead?.id === lead.id);
    expect(views.map((view) => [view.actorName, view.source, view.leadCount, view.lead?.name])).toEqual([
      ["API key Zapier", "api", 1, "Viewed Lead"],
      ["Vera Viewer", "ui", 1, "Viewed Lead"],
    ]);
    // A missing lead, and the service's own reads, are no views.
    expect((await t.server.api("/leads/lead_000000000000000000000000", { token: key })).status).toBe(404);
    const { getLead } = await import("../../server/leads/get-lead");
    await getLead({ db: t.db, principal: await systemPrincipal(t.db, t.org.id) }, lead.id);
    expect((await list("view")).data.pagination.total).toBe(2);
  });
});

describe("exports", () => {
  it("the export hook records who, when and how many; the page lists it", async () => {
    const leads = [await seedLead(t.db, t.org.id), await seedLead(t.db, t.org.id), await seedLead(t.db, t.org.id)];
    const { key } = await seedApiKey(t.db, t.org.id, { name: "Nightly export" });
    const principal = await resolvePrincipalFromBearer(t.db, `Bearer ${key}`);
    await recordLeadExport(t.db, principal, leads.map((lead) => lead.id));
    const exports = await list("export");
    expect(exports.data.data.map((entry) => [entry.actorName, entry.leadCount, entry.lead])).toEqual([["API key Nightly export", 3, null]]);
    const stored = await t.db.leadAccess.findFirstOrThrow({ where: { organizationId: t.org.id, kind: "export" } });
    expect(stored.leadIds.sort()).toEqual(leads.map((lead) => lead.id).sort());
  });

  it("is for owners and admins", async () => {
    const member = await seedMember(t.db, t.org.id);
    const refused = await list("export", await sessionCookie({ userId: member.userId, organizationId: t.org.id }));
    expect([refused.status, refused.code]).toEqual([403, "FORBIDDEN"]);
  });
});

describe("retention", () => {
  it(`keeps ${LEAD_ACCESS_RETENTION_DAYS} days, pruned by the scheduled job`, async () => {
    const DAY = 24 * 3_600_000;
    const manual = createManualClock();
    const before = await t.db.leadAccess.count({ where: { organizationId: t.org.id } });
    expect(before).toBeGreaterThan(0);
    const old = await t.db.leadAccess.create({
      data: { organizationId: t.org.id, kind: "view", leadIds: ["lead_old"], leadCount: 1, actorKey: "user:old", actorName: "Old", source: "ui", createdAt: new Date(Date.now() - 91 * DAY) },
    });
    const driver = new EmbeddedDriver({ db: t.db, clock: manual.clock, jobs: [pruneLeadAccessJob] });
    await t.db.jobSchedule.upsert({
      where: { jobId: pruneLeadAccessJob.id },
      create: { jobId: pruneLeadAccessJob.id, nextRunAt: manual.clock() },
      update: { nextRunAt: manual.clock() },
    });
    expect(await driver.runScheduled()).toEqual(["prune-lead-access"]);
    expect(await t.db.leadAccess.findUnique({ where: { id: old.id } })).toBeNull();
    expect(await t.db.leadAccess.count({ where: { organizationId: t.org.id } })).toBe(before);

    manual.advance((LEAD_ACCESS_RETENTION_DAYS + 1) * DAY);
    await t.db.jobSchedule.update({ where: { jobId: pruneLeadAccessJob.id }, data: { nextRunAt: manual.clock() } });
    expect(await driver.runScheduled()).toEqual(["prune-lead-access"]);
    expect(await t.db.leadAccess.count({ where: { organizationId: t.org.id } })).toBe(0);
  });
});
