import { beforeAll, describe, expect, it } from "vitest";
import { sessionCaller } from "../dashboard/callers";
import { useApiTest } from "../support/api-test";
import { seedLead, seedMember, seedOrganization } from "../support/factories";
import type { DomainContext } from "../../server/domain-context";
import { resolvePrincipalFromSession } from "../../server/auth/resolve-session";
import { newLeadsBySource } from "../../server/home/widgets/new-leads-by-source";
import { wonLost } from "../../server/home/widgets/won-lost";
import { leadsPerMember } from "../../server/home/widgets/leads-per-member";
import { responseTime } from "../../server/home/widgets/response-time";
import { assignmentsByPool } from "../../server/home/widgets/assignments-by-pool";

// Mexico City is UTC-6 all year (no DST since 2022): local midnight is 06:00Z.
const t = useApiTest({ server: false, organization: { timezone: "America/Mexico_City" } });
/** 2026-11-25 12:00 local. */
const NOW = new Date("2026-11-25T18:00:00Z");

let ctx: DomainContext;
let agent: { userId: string; name: string | null };
let other: { userId: string; name: string | null };
const ids: Record<string, string> = {};

async function leadAt(name: string, createdAt: string, fields: Record<string, unknown> = {}) {
  const lead = await seedLead(t.db, t.org.id, { firstName: name, ...fields });
  await t.db.lead.update({ where: { id: lead.id }, data: { createdAt: new Date(createdAt) } });
  ids[name] = lead.id;
  return lead.id;
}

/** Moves the newest timeline entries of a lead of the given type to a fixed instant. */
async function backdate(leadId: string, type: string, at: string) {
  await t.db.$executeRaw`UPDATE "LeadActivity" SET "createdAt" = ${new Date(at)} WHERE "leadId" = ${leadId} AND "type"::text = ${type}`;
}

beforeAll(async () => {
  agent = await seedMember(t.db, t.org.id, { name: "Ana Agent" });
  other = await seedMember(t.db, t.org.id, { name: "Beto Other" });
  const principal = await resolvePrincipalFromSession(t.db, { userId: agent.userId, organizationId: t.org.id });
  ctx = { db: t.db, principal: principal! };

  // 23:30 local on the 24th = 05:30Z on the 25th: the 24th locally, not today.
  await leadAt("late", "2026-11-25T05:30:00Z", { source: "website", assignedToId: agent.userId });
  // 00:30 local on the 25th: today.
  await leadAt("early", "2026-11-25T06:30:00Z", { source: "website", assignedToId: agent.userId });
  await leadAt("ref", "2026-11-25T15:00:00Z", { source: "referral", assignedToId: other.userId, estimatedValue: 1000 });
  // 6 local days back (19th 10:00 local): inside 7d; the 18th is not.
  await leadAt("week", "2026-11-19T16:00:00Z", { source: "referral" });
  await leadAt("old", "2026-11-18T16:00:00Z", { source: "event", assignedToId: other.userId });
  // Previous quarter (September).
  await leadAt("sept", "2026-09-30T12:00:00Z", { source: "event" });
});

describe("home aggregates, in the organization's time zone", () => {
  it("new leads per local day and source: 23:30 local lands on its local day", async () => {
    const today = await newLeadsBySource(ctx, { period: "today", now: NOW });
    expect(today.timeZone).toBe("America/Mexico_City");
    expect(today.days).toEqual([{ date: "2026-11-25", counts: { website: 1, referral: 1 }, total: 2 }]);

    const week = await newLeadsBySource(ctx, { period: "7d", now: NOW });
    expect(week.days.map((d) => d.date)).toEqual([
      "2026-11-19", "2026-11-20", "2026-11-21", "2026-11-22", "2026-11-23", "2026-11-24", "2026-11-25",
    ]);
    expect(week.days.find((d) => d.date === "2026-11-24")).toEqual({ date: "2026-11-24", counts: { website: 1 }, total: 1 });
    expect(week.days.find((d) => d.date === "2026-11-19")?.counts).toEqual({ referral: 1 });
    expect(week.days.reduce((sum, d) => sum + d.total, 0)).toBe(4);
    expect(week.sources).toEqual(["referral", "website"]);

    const month = await newLeadsBySource(ctx, { period: "30d", now: NOW });
    expect(month.days).toHaveLength(30);
    expect(month.days.reduce((sum, d) => sum + d.total, 0)).toBe(5);
    const quarter = await newLeadsBySource(ctx, { period: "quarter", now: NOW });
    expect(quarter.days[0]!.date).toBe("2026-10-01");
    expect(quarter.days.reduce((sum, d) => sum + d.total, 0)).toBe(5);
  });

  it("leads per member in the period, unassigned apart", async () => {
    expect(await leadsPerMember(ctx, { period: "today", now: NOW })).toEqual([
      { userId: agent.userId, name: "Ana Agent", count: 1 },
      { userId: other.userId, name: "Beto Other", count: 1 },
    ]);
    expect(await leadsPerMember(ctx, { period: "30d", now: NOW })).toEqual([
      { userId: agent.userId, name: "Ana Agent", count: 2 },
      { userId: other.userId, name: "Beto Other", count: 2 },
      { userId: null, name: null, count: 1 },
    ]);
  });

  it("won and lost: status changes into won/lost within the period, leads still holding it", async () => {
    const owner = await sessionCaller(t.db, t.org.ownerId, t.org.id);
    await owner.leads.update({ leadId: ids.ref!, status: "won" });
    await backdate(ids.ref!, "status_changed", "2026-11-25T16:00:00Z");
    await owner.leads.update({ leadId: ids.week!, status: "lost" });
    await backdate(ids.week!, "status_changed", "2026-11-20T16:00:00Z");
    expect(await wonLost(ctx, { period: "today", now: NOW })).toEqual({
      won: { count: 1, estimatedValue: 1000 },
      lost: { count: 0, estimatedValue: 0 },
    });
    expect(await wonLost(ctx, { period: "7d", now: NOW })).toEqual({
      won: { count: 1, estimatedValue: 1000 },
      lost: { count: 1, estimatedValue: 0 },
    });
    // Reopened since: no longer lost.
    await owner.leads.update({ leadId: ids.week!, status: "contacted" });
    await backdate(ids.week!, "status_changed", "2026-11-20T16:00:00Z");
    expect((await wonLost(ctx, { period: "7d", now: NOW })).lost.count).toBe(0);
  });

  it("response time: creation to first logged communication, median and p90 per assignee; waiting leads apart", async () => {
    const caller = await sessionCaller(t.db, agent.userId, t.org.id);
    // "early" answered after 1 h, "late" after 3 h (the second communication does not count).
    await caller.leads.logCommunication({ leadId: ids.early!, type: "call", direction: "outbound" });
    await backdate(ids.early!, "call", "2026-11-25T07:30:00Z");
    await caller.leads.logCommunication({ leadId: ids.late!, type: "email", direction: "outbound" });
    await backdate(ids.late!, "email", "2026-11-25T08:30:00Z");
    await caller.leads.logCommunication({ leadId: ids.late!, type: "call", direction: "inbound" });
    await backdate(ids.late!, "call", "2026-11-25T09:30:00Z");

    const rows = await responseTime(ctx, { period: "7d", now: NOW });
    const ana = rows.find((r) => r.userId === agent.userId);
    // Two samples, 3600 s and 10800 s: median 7200; p90 = 3600 + 0.9 × 7200 = 10080.
    expect(ana).toEqual({ userId: agent.userId, name: "Ana Agent", answered: 2, waiting: 0, medianSeconds: 7200, p90Seconds: 10080 });
    expect(rows.find((r) => r.userId === other.userId)).toMatchObject({ answered: 0, waiting: 1, medianSeconds: null, p90Seconds: null });
    const today = await responseTime(ctx, { period: "today", now: NOW });
    expect(today.find((r) => r.userId === agent.userId)).toMatchObject({ answered: 1, medianSeconds: 3600 });
  });

  it("assignments by round-robin pool in the period", async () => {
    const owner = await sessionCaller(t.db, t.org.ownerId, t.org.id);
    const pool = await owner.roundRobin.create({ name: "Web pool", participantIds: [agent.userId, other.userId] });
    for (let i = 0; i < 3; i++) {
      const lead = await seedLead(t.db, t.org.id, { source: "website" });
      await owner.roundRobin.assign({ leadId: lead.id, source: "manual" }).catch(() => undefined);
    }
    await t.db.roundRobinAssignment.updateMany({ where: { roundRobinId: pool.id }, data: { createdAt: new Date("2026-11-25T17:00:00Z") } });
    const pools = await assignmentsByPool(ctx, { period: "today", now: NOW });
    const total = await t.db.roundRobinAssignment.count({ where: { roundRobinId: pool.id } });
    expect(total).toBeGreaterThan(0);
    expect(pools).toHaveLength(1);
    expect(pools[0]).toMatchObject({ poolId: pool.id, name: "Web pool", total });
    expect(pools[0]!.members.reduce((s, m) => s + m.count, 0)).toBe(total);
    expect(await assignmentsByPool(ctx, { period: "today", now: new Date("2026-11-27T18:00:00Z") })).toEqual([]);
  });
});

describe("home procedures (dashboard door)", () => {
  it("my leads needing attention: mine, new, no communication; the funnel per stage; another organization sees none of it", async () => {
    const caller = await sessionCaller(t.db, agent.userId, t.org.id);
    const mine = await caller.home.myAttention({ period: "7d" });
    // "early" and "late" have communications now; a fresh one does not.
    const fresh = await seedLead(t.db, t.org.id, { firstName: "Fresh", assignedToId: agent.userId });
    const after = await caller.home.myAttention({ period: "7d" });
    expect(after.total).toBe(mine.total + 1);
    expect(after.leads.map((l) => l.id)).toContain(fresh.id);
    expect(after.leads.map((l) => l.id)).not.toContain(ids.early);

    const funnel = await caller.home.pipelineFunnel({ period: "7d" });
    const leads = await t.db.lead.groupBy({ by: ["stageId"], where: { organizationId: t.org.id }, _count: { _all: true } });
    for (const stage of funnel.stages) {
      expect(stage.count).toBe(leads.find((g) => g.stageId === stage.stageId)?._count._all ?? 0);
    }
    expect(funnel.stages.reduce((s, x) => s + x.count, 0) + funnel.withoutStage.count).toBe(
      await t.db.lead.count({ where: { organizationId: t.org.id } }),
    );
    // Only "ref" has a value (1000): its stage's sum is exactly that.
    const refStage = (await t.db.lead.findUniqueOrThrow({ where: { id: ids.ref! } })).stageId;
    expect(funnel.stages.find((s) => s.stageId === refStage)?.estimatedValue).toBe(1000);
    expect(funnel.stages.reduce((sum, s) => sum + s.estimatedValue, 0)).toBe(1000);

    const stranger = await seedOrganization(t.db, { rateLimitExempt: true });
    const outsider = await sessionCaller(t.db, stranger.ownerId, stranger.id);
    expect((await outsider.home.leadsPerMember({ period: "quarter" }))).toEqual([]);
    expect((await outsider.home.pipelineFunnel({ period: "quarter" })).stages.every((s) => s.count === 0)).toBe(true);
    expect((await outsider.home.myAttention({ period: "quarter" })).total).toBe(0);
  });
});
