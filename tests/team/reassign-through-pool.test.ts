import { beforeAll, describe, expect, it } from "vitest";
import { useApiTest } from "../support/api-test";
import { seedLead, seedMember, seedOrganization } from "../support/factories";
import { sessionCookie } from "../security/support/dashboard-session";
import { roundRobinApi, seedMembers, type Json } from "../round-robin/helpers";
import { trpc } from "./support/team-http";

/**
 * Settings → Members: a removed member's leads handed on through a
 * round-robin pool instead of to one member. Each lead takes one turn of the
 * pool and is recorded like any round-robin assignment (history, timeline
 * entries by the admin, `lead.updated` and `lead.assigned` with autoAssigned,
 * the assignee's email).
 */
const t = useApiTest({ observeEvents: true });
const rr = roundRobinApi(t);
let ownerCookie: string;

beforeAll(async () => {
  ownerCookie = await sessionCookie({ userId: t.org.ownerId, organizationId: t.org.id });
});

const reassign = (input: Record<string, unknown>, cookie = ownerCookie) =>
  trpc<{ reassigned: number; remaining: number }>(t.server, "team.members.reassignLeads", { cookie, mutation: true, input });
const removeMember = (membershipId: string) => trpc(t.server, "team.members.remove", { cookie: ownerCookie, mutation: true, input: { membershipId } });

/** A pool only these reassignments use: arriving leads are not routed through it. */
const quietPool = (participantIds: string[], extra: Record<string, unknown> = {}) =>
  rr.createPool({ participantIds, assignInboundLeads: false, assignManualLeads: false, ...extra });

async function leavingMemberWithLeads(count: number) {
  const leaving = await seedMember(t.db, t.org.id, { name: "Leaving Agent" });
  const leads = [];
  for (let i = 0; i < count; i++) leads.push(await seedLead(t.db, t.org.id, { firstName: `Lead ${i + 1}`, assignedToId: leaving.userId }));
  return { leaving, leads };
}

describe("reassigning through a round-robin pool", () => {
  it("alternates a removed member's leads over the pool's participants, recording history, timeline, events and mail", async () => {
    const agents = await seedMembers(t, 2);
    const pool = await quietPool(agents.map((a) => a.userId), { emailNotificationsEnabled: true });
    const { leaving, leads } = await leavingMemberWithLeads(4);
    expect((await removeMember(leaving.membershipId)).status).toBe(200);

    const moved = await reassign({ fromUserId: leaving.userId, toPoolId: pool });
    expect([moved.status, moved.data]).toEqual([200, { reassigned: 4, remaining: 0 }]);

    // Leads are taken in id order; the rotation alternates 1, 2, 1, 2.
    const ordered = [...leads].sort((a, b) => (a.id < b.id ? -1 : 1));
    const owners: (string | null)[] = [];
    for (const lead of ordered) {
      const row = await t.db.lead.findUniqueOrThrow({ where: { id: lead.id } });
      expect(row.roundRobinId).toBe(pool);
      owners.push(row.assignedToId);
    }
    expect(owners).toEqual([agents[0]!.userId, agents[1]!.userId, agents[0]!.userId, agents[1]!.userId]);

    const history = await t.db.roundRobinAssignment.findMany({ where: { roundRobinId: pool }, orderBy: { createdAt: "asc" } });
    expect(history.map((h) => [h.leadId, h.assignedUserId, h.source, h.turnOrder])).toEqual(
      ordered.map((lead, i) => [lead.id, owners[i], "system", (i % 2) + 1]),
    );
    expect(JSON.parse(history[0]!.metadata!)).toMatchObject({ reason: "reassignment", previousAssignedToId: leaving.userId, requestedBy: t.org.ownerId });

    const events = (await t.db.webhookEvent.findMany({ where: { organizationId: t.org.id, type: "lead.assigned" } }))
      .map((row) => JSON.parse(row.body) as Json)
      .filter((body) => ordered.some((lead) => lead.id === body.data.lead.id) && body.data.previousAssignedToId === leaving.userId);
    expect(events).toHaveLength(4);
    for (const event of events) expect(event.data).toMatchObject({ autoAssigned: true, lead: { roundRobinId: pool } });

    // Like every assignment a pool chooses: by the person who asked, "by round robin", with lead.updated beside lead.assigned.
    const timeline = await t.db.leadActivity.findMany({ where: { leadId: ordered[0]!.id, type: "assigned" }, orderBy: { createdAt: "desc" } });
    expect(timeline[0]).toMatchObject({ content: "Assigned to Agent 1 by round robin", userId: t.org.ownerId });
    expect(timeline[0]!.changes).toEqual({ assignedToId: { from: leaving.userId, to: agents[0]!.userId } });
    const updated = (await t.db.webhookEvent.findMany({ where: { organizationId: t.org.id, type: "lead.updated" } }))
      .map((row) => JSON.parse(row.body) as Json)
      .filter((body) => body.data.lead.id === ordered[0]!.id);
    expect(updated.map((body) => body.data.changes)).toEqual([{ assignedToId: { from: leaving.userId, to: agents[0]!.userId } }]);

    const mails = await t.db.outgoingMail.findMany({ where: { organizationId: t.org.id, kind: "lead.assigned" } });
    expect(mails.filter((m) => m.toAddress === agents[0]!.email && m.textBody.includes(ordered[0]!.id))).toHaveLength(1);

    const overview = await trpc<{ formerAssignees: { userId: string }[] }>(t.server, "team.overview", { cookie: ownerCookie });
    expect(overview.data.formerAssignees.map((f) => f.userId)).not.toContain(leaving.userId);
  });

  it("never hands a lead back to the member it is taken from", async () => {
    const [stays] = await seedMembers(t, 1);
    const { leaving } = await leavingMemberWithLeads(2);
    const pool = await quietPool([leaving.userId, stays!.userId]);
    const moved = await reassign({ fromUserId: leaving.userId, toPoolId: pool });
    expect(moved.data).toEqual({ reassigned: 2, remaining: 0 });
    expect(await t.db.lead.count({ where: { organizationId: t.org.id, assignedToId: stays!.userId } })).toBe(2);

    // Alone in the pool: nobody else to take them.
    const { leaving: solo } = await leavingMemberWithLeads(1);
    const alone = await quietPool([solo.userId]);
    const refused = await reassign({ fromUserId: solo.userId, toPoolId: alone });
    expect([refused.status, refused.code]).toEqual([400, "BAD_REQUEST"]);
  });

  it("a paused pool or one with nobody eligible is a clear 400 and moves nothing", async () => {
    const [agent] = await seedMembers(t, 1);
    const { leaving, leads } = await leavingMemberWithLeads(1);
    const paused = await quietPool([agent!.userId], { isActive: false });
    const refused = await reassign({ fromUserId: leaving.userId, toPoolId: paused });
    expect([refused.status, refused.code]).toEqual([400, "BAD_REQUEST"]);
    expect(refused.error?.message).toMatch(/no active participant/);
    expect((await t.db.lead.findUniqueOrThrow({ where: { id: leads[0]!.id } })).assignedToId).toBe(leaving.userId);
    expect(await t.db.roundRobinAssignment.count({ where: { roundRobinId: paused } })).toBe(0);
  });

  it("another organization's pool is 404; both or neither target is 400; members may not", async () => {
    const { leaving } = await leavingMemberWithLeads(1);
    const other = await seedOrganization(t.db);
    const theirAgent = await seedMember(t.db, other.id);
    const theirPool = await roundRobinApi(t, () => other.key).createPool({ participantIds: [theirAgent.userId], assignInboundLeads: false });
    const foreign = await reassign({ fromUserId: leaving.userId, toPoolId: theirPool });
    expect([foreign.status, foreign.code]).toEqual([404, "NOT_FOUND"]);
    expect((await reassign({ fromUserId: leaving.userId, toPoolId: crypto.randomUUID() })).status).toBe(404);

    const [agent] = await seedMembers(t, 1);
    const pool = await quietPool([agent!.userId]);
    const both = await reassign({ fromUserId: leaving.userId, toUserId: agent!.userId, toPoolId: pool });
    expect([both.status, both.code]).toEqual([400, "VALIDATION_ERROR"]);
    expect(JSON.stringify(both.error)).toMatch(/exactly one of toUserId/);
    const neither = await reassign({ fromUserId: leaving.userId });
    expect(neither.status).toBe(400);

    const plain = await seedMember(t.db, t.org.id, { role: "member" });
    const byMember = await reassign({ fromUserId: leaving.userId, toPoolId: pool }, await sessionCookie({ userId: plain.userId, organizationId: t.org.id }));
    expect(byMember.status).toBe(403);
    expect(await t.db.lead.count({ where: { organizationId: t.org.id, assignedToId: leaving.userId } })).toBe(1);
  });
});
