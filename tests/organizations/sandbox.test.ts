import { describe, expect, it } from "vitest";
import { configureForTests } from "../../server/config/config";
import { queueMail } from "../../server/mail/queue-mail";
import { attemptMail, SANDBOX_NOT_SENT } from "../../server/mail/mail-attempt";
import { databaseClock } from "../../server/jobs/job-clock";
import { SANDBOX_LEADS, SANDBOX_PROJECTS } from "../../server/organizations/sandbox-samples";
import { rejection, sessionCaller } from "../dashboard/callers";
import { useApiTest } from "../support/api-test";
import { seedApiKey, seedLead, seedMember, seedOrganization } from "../support/factories";

/**
 * Sandbox organizations: an owner copies the organization's configuration
 * (stages, pools without other members, sample leads and projects) from
 * Settings; the sandbox's keys work like live keys and say "sandbox" in every
 * answer, its webhooks are queued for delivery, WhatsApp, email and Google
 * are never called, and it has a quota of its own.
 */

const t = useApiTest({ organization: false });
configureForTests({ WEBHOOK_ALLOW_PRIVATE_TARGETS: true }); // the sandbox's webhook target is a loopback address

async function liveOrganization() {
  const live = await seedOrganization(t.db, { rateLimitExempt: false });
  const member = await seedMember(t.db, live.id, { role: "member", name: "Marta Real" });
  // A customised pipeline: a renamed stage and a new colour.
  const first = await t.db.pipelineStage.findFirstOrThrow({ where: { organizationId: live.id }, orderBy: { order: "asc" } });
  await t.db.pipelineStage.update({ where: { id: first.id }, data: { name: "Entrantes", color: "#123456" } });
  const caller = await sessionCaller(t.db, live.ownerId, live.id);
  await caller.roundRobin.create({
    name: "Costa",
    participantIds: [member.userId, live.ownerId],
    assignManualLeads: true,
    connections: [{ source: "adplatform", adplatformFormId: "form-123" }],
  });
  await seedLead(t.db, live.id, { firstName: "Cliente", lastName: "Real", email: "real@customer.test" });
  return { live, member, caller };
}

describe("creating a sandbox", () => {
  it("copies stages and pools (with the owner as the only participant) and adds sample data, never live leads or members", async () => {
    const { live, caller } = await liveOrganization();
    const sandbox = await caller.settings.sandbox.create();
    expect(sandbox.name).toMatch(/\(sandbox\)$/);
    expect(await caller.settings.sandbox.get()).toMatchObject({ isSandbox: false, sandbox: { id: sandbox.id } });

    const stages = (id: string) =>
      t.db.pipelineStage.findMany({ where: { organizationId: id }, orderBy: { order: "asc" }, select: { name: true, color: true, order: true, stageKind: true, systemKey: true } });
    expect(await stages(sandbox.id)).toEqual(await stages(live.id));

    const pools = await t.db.roundRobinPool.findMany({ where: { organizationId: sandbox.id }, include: { participants: true, connections: true } });
    expect(pools.map((pool) => [pool.name, pool.assignManualLeads])).toEqual([["Costa", true]]);
    expect(pools[0]!.participants.map((p) => p.userId)).toEqual([live.ownerId]);
    expect(pools[0]!.connections.map((c) => [c.source, c.adplatformFormId])).toEqual([["adplatform", "form-123"]]);

    const memberships = await t.db.membership.findMany({ where: { organizationId: sandbox.id } });
    expect(memberships.map((m) => [m.userId, m.role])).toEqual([[live.ownerId, "owner"]]);
    const leads = await t.db.lead.findMany({ where: { organizationId: sandbox.id } });
    expect(leads).toHaveLength(SANDBOX_LEADS.length);
    expect(leads.some((lead) => lead.email === "real@customer.test")).toBe(false);
    expect(await t.db.project.count({ where: { organizationId: sandbox.id } })).toBe(SANDBOX_PROJECTS.length);

    // Inside the sandbox, the owner sees where they are.
    const inside = await sessionCaller(t.db, live.ownerId, sandbox.id);
    expect(await inside.settings.sandbox.get()).toMatchObject({ isSandbox: true, liveOrganization: { id: live.id }, sandbox: null });
  });

  it("is for owners, once per organization, and never of a sandbox", async () => {
    const { live, member, caller } = await liveOrganization();
    const admin = await seedMember(t.db, live.id, { role: "admin" });
    for (const userId of [member.userId, admin.userId]) {
      expect(await rejection((await sessionCaller(t.db, userId, live.id)).settings.sandbox.create())).toMatchObject({ status: 403 });
    }
    const sandbox = await caller.settings.sandbox.create();
    expect(await rejection(caller.settings.sandbox.create())).toMatchObject({ status: 409 });
    const inside = await sessionCaller(t.db, live.ownerId, sandbox.id);
    expect(await rejection(inside.settings.sandbox.create())).toMatchObject({ status: 400 });
  });
});

describe("a sandbox's API", () => {
  it("keys work like live keys, every answer says sandbox, and its requests cost the live organization nothing", async () => {
    const { live, caller } = await liveOrganization();
    const sandbox = await caller.settings.sandbox.create();
    const { key } = await seedApiKey(t.db, sandbox.id);
    // The sandbox has limits of its own; a higher per-second ceiling lets this test make its calls back to back.
    await t.db.organization.update({ where: { id: sandbox.id }, data: { rateLimitPerSecond: 100 } });
    const liveUsage = () => t.db.monthlyUsage.aggregate({ where: { organizationId: live.id }, _sum: { units: true } });
    const before = (await liveUsage())._sum.units ?? 0;

    const me = await t.server.api("/me", { token: key });
    expect(me.headers.get("x-service-sandbox")).toBe("true");
    expect(((await me.json()) as { organization: { sandbox: boolean } }).organization.sandbox).toBe(true);
    const list = await t.server.api("/leads", { token: key });
    expect(list.headers.get("x-service-sandbox")).toBe("true");
    expect(((await list.json()) as { data: unknown[] }).data).toHaveLength(SANDBOX_LEADS.length);

    // Webhooks of a sandbox are delivered like live ones: the write queues its delivery.
    const subscribed = await t.server.api("/webhooks/subscriptions", {
      token: key,
      method: "POST",
      json: { target_url: "https://127.0.0.1:8443/sandbox", event: "lead.created" },
    });
    expect(subscribed.status).toBe(201);
    expect((await t.server.api("/leads", { token: key, method: "POST", json: { firstName: "Prueba", email: "prueba@example.com" } })).status).toBe(201);
    expect(await t.db.webhookDelivery.count({ where: { organizationId: sandbox.id, status: "pending" } })).toBe(1);

    expect((await liveUsage())._sum.units ?? 0).toBe(before);
    expect((await t.db.monthlyUsage.aggregate({ where: { organizationId: sandbox.id }, _sum: { units: true } }))._sum.units).toBeGreaterThanOrEqual(4);
    const liveMe = await t.server.api("/me", { token: live.key });
    expect(liveMe.headers.get("x-service-sandbox")).toBeNull();
  });

  it("never sends WhatsApp messages or calls Google, and says so", async () => {
    const { live, caller } = await liveOrganization();
    const sandbox = await caller.settings.sandbox.create();
    const { key } = await seedApiKey(t.db, sandbox.id);
    const send = await t.server.api("/whatsapp/send", { token: key, method: "POST", json: { to: "+34600100201", text: "Hola" } });
    expect(send.status).toBe(403);
    expect(((await send.json()) as { error: { message: string } }).error.message).toMatch(/sandbox.*WhatsApp.*nothing was sent/);
    expect(await t.db.whatsAppMessage.count({ where: { organizationId: sandbox.id } })).toBe(0);

    const calendar = await t.server.api(`/calendar/events?userId=${live.ownerId}&timeMin=2026-11-01T00:00:00Z&timeMax=2026-11-08T00:00:00Z`, { token: key });
    expect(calendar.status).toBe(403);
    expect(((await calendar.json()) as { error: { message: string } }).error.message).toMatch(/sandbox.*Google Calendar/);
  });

  it("records its mail as not sent, with the reason", async () => {
    const { caller } = await liveOrganization();
    const sandbox = await caller.settings.sandbox.create();
    const mailId = await t.db.$transaction((tx) =>
      queueMail(tx, { organizationId: sandbox.id, kind: "test", message: { to: "someone@example.com", subject: "Hola", text: "Hola", html: "<p>Hola</p>" } }),
    );
    expect(await attemptMail(t.db, databaseClock, mailId, 1)).toMatchObject({ state: "not_sent", detail: SANDBOX_NOT_SENT });
    expect(await t.db.outgoingMail.findUniqueOrThrow({ where: { id: mailId } })).toMatchObject({ status: "not_sent", lastError: SANDBOX_NOT_SENT });
  });
});
