import { beforeAll, describe, expect, it } from "vitest";
import type { MemberRole } from "../../server/auth/roles";
import { useApiTest } from "../support/api-test";
import { seedLead, seedMember, seedOAuthToken, seedOrganization } from "../support/factories";
import { sessionCookie } from "../security/support/dashboard-session";
import { trpc } from "./support/team-http";

/**
 * Settings → Members: role changes and removal over real HTTP, with their
 * rules (owner-only actions, at least one owner) and removal's effects
 * (sessions, OAuth grants, leads kept assigned and reassignable).
 */
const t = useApiTest();
let ownerCookie: string;
let ownerMembershipId: string;

type Member = { id: string; role: string; user: { id: string } };
type Overview = {
  yourRole: string;
  members: (Member & { assignedLeads: number })[];
  formerAssignees: { userId: string; assignedLeads: number }[];
};

beforeAll(async () => {
  ownerCookie = await sessionCookie({ userId: t.org.ownerId, organizationId: t.org.id });
  ownerMembershipId = (await t.db.membership.findFirstOrThrow({ where: { organizationId: t.org.id, userId: t.org.ownerId } })).id;
});

async function member(role: MemberRole, organizationId = t.org.id) {
  const seeded = await seedMember(t.db, organizationId, { role });
  return { ...seeded, cookie: await sessionCookie({ userId: seeded.userId, organizationId }) };
}

const changeRole = (membershipId: string, role: string, cookie = ownerCookie) =>
  trpc<Member>(t.server, "team.members.changeRole", { cookie, mutation: true, input: { membershipId, role } });
const remove = (membershipId: string, cookie = ownerCookie) =>
  trpc<{ assignedLeads: number; revokedOAuthTokens: number }>(t.server, "team.members.remove", { cookie, mutation: true, input: { membershipId } });

describe("roles", () => {
  it("owners and admins change roles; only owners grant owner or touch an owner", async () => {
    const admin = await member("admin");
    const agent = await member("member");
    const promoted = await changeRole(agent.membershipId, "admin", admin.cookie);
    expect([promoted.status, promoted.data.role]).toEqual([200, "admin"]);
    expect((await changeRole(agent.membershipId, "member", admin.cookie)).data.role).toBe("member");

    const toOwner = await changeRole(agent.membershipId, "owner", admin.cookie);
    expect([toOwner.status, toOwner.code]).toEqual([403, "FORBIDDEN"]);
    const demoteOwner = await changeRole(ownerMembershipId, "admin", admin.cookie);
    expect([demoteOwner.status, demoteOwner.code]).toEqual([403, "FORBIDDEN"]);
    const byMember = await changeRole(admin.membershipId, "member", agent.cookie);
    expect([byMember.status, byMember.code]).toEqual([403, "FORBIDDEN"]);
    // The demoted admin loses Settings at once.
    expect((await changeRole(admin.membershipId, "member")).data.role).toBe("member");
    expect((await trpc(t.server, "team.overview", { cookie: admin.cookie })).status).toBe(403);
  });

  it("the last owner can be neither demoted nor removed; with a second owner, both work", async () => {
    const org = await seedOrganization(t.db);
    const cookie = await sessionCookie({ userId: org.ownerId, organizationId: org.id });
    const ownerId = (await t.db.membership.findFirstOrThrow({ where: { organizationId: org.id, userId: org.ownerId } })).id;
    const demote = await changeRole(ownerId, "admin", cookie);
    expect([demote.status, demote.code]).toEqual([409, "CONFLICT"]);
    expect(demote.error?.message).toMatch(/at least one owner/);
    expect((await remove(ownerId, cookie)).code).toBe("CONFLICT");

    const second = await member("member", org.id);
    expect((await changeRole(second.membershipId, "owner", cookie)).data.role).toBe("owner");
    // Two owners demoting each other at once: one wins, one owner remains.
    const [a, b] = await Promise.all([changeRole(ownerId, "admin", cookie), changeRole(second.membershipId, "admin", second.cookie)]);
    expect([a.status, b.status].sort()).toEqual([200, 409]);
    expect(await t.db.membership.count({ where: { organizationId: org.id, role: "owner" } })).toBe(1);
  });

  it("another organization's member is 404", async () => {
    const other = await seedOrganization(t.db);
    const theirs = await seedMember(t.db, other.id);
    expect((await changeRole(theirs.membershipId, "admin")).status).toBe(404);
    expect((await remove(theirs.membershipId)).status).toBe(404);
    expect((await remove("not-a-uuid")).status).toBe(404);
  });
});

describe("removal", () => {
  it("ends their sessions and OAuth grants here, keeps their leads assigned, and offers to reassign them", async () => {
    const agent = await member("member");
    const colleague = await member("member");
    const leads = [await seedLead(t.db, t.org.id, { assignedToId: agent.userId }), await seedLead(t.db, t.org.id, { assignedToId: agent.userId })];
    const here = await seedOAuthToken(t.db, { organizationId: t.org.id, userId: agent.userId });
    // A connection made through the consent page: a grant whose refresh token could mint new access tokens.
    const grant = await t.db.oAuthGrant.create({
      data: { clientId: here.client.id, userId: agent.userId, organizationId: t.org.id, scopes: ["leads:read"] },
    });
    const elsewhereOrg = await seedOrganization(t.db);
    await t.db.membership.create({ data: { organizationId: elsewhereOrg.id, userId: agent.userId } });
    const elsewhere = await seedOAuthToken(t.db, { organizationId: elsewhereOrg.id, userId: agent.userId });
    expect((await t.server.api("/leads", { token: here.token })).status).toBe(200);
    expect((await trpc(t.server, "catalog.pipelineStages", { cookie: agent.cookie })).status).toBe(200);

    const removed = await remove(agent.membershipId);
    expect(removed.status).toBe(200);
    expect(removed.data).toMatchObject({ assignedLeads: 2, revokedOAuthTokens: 1 });

    expect((await trpc(t.server, "catalog.pipelineStages", { cookie: agent.cookie })).status).toBe(401);
    expect((await t.server.api("/leads", { token: here.token })).status).toBe(401);
    expect(await t.db.oAuthGrant.findUniqueOrThrow({ where: { id: grant.id } })).toMatchObject({ revokedReason: "member_removed", revokedAt: expect.any(Date) });
    expect((await t.server.api("/leads", { token: elsewhere.token })).status).toBe(200); // other organizations keep theirs
    const members = (await (await t.server.api("/members", { token: t.org.key })).json()) as { data: { user: { id: string } }[] };
    expect(members.data.map((m) => m.user.id)).not.toContain(agent.userId);
    for (const lead of leads) expect((await t.db.lead.findUniqueOrThrow({ where: { id: lead.id } })).assignedToId).toBe(agent.userId);

    const overview = await trpc<Overview>(t.server, "team.overview", { cookie: ownerCookie });
    expect(overview.data.yourRole).toBe("owner");
    expect(overview.data.formerAssignees).toContainEqual(expect.objectContaining({ userId: agent.userId, assignedLeads: 2 }));

    const notMember = await trpc(t.server, "team.members.reassignLeads", { cookie: ownerCookie, mutation: true, input: { fromUserId: colleague.userId, toUserId: agent.userId } });
    expect(notMember.status).toBe(404);
    const moved = await trpc<{ reassigned: number; remaining: number }>(t.server, "team.members.reassignLeads", {
      cookie: ownerCookie,
      mutation: true,
      input: { fromUserId: agent.userId, toUserId: colleague.userId },
    });
    expect(moved.data).toEqual({ reassigned: 2, remaining: 0 });
    for (const lead of leads) expect((await t.db.lead.findUniqueOrThrow({ where: { id: lead.id } })).assignedToId).toBe(colleague.userId);
    // Each move is on the lead's timeline like any reassignment.
    expect(await t.db.leadActivity.count({ where: { leadId: leads[0]!.id } })).toBeGreaterThan(1);
    const after = await trpc<Overview>(t.server, "team.overview", { cookie: ownerCookie });
    expect(after.data.members.find((m) => m.user.id === colleague.userId)?.assignedLeads).toBe(2);
    expect(after.data.formerAssignees.map((f) => f.userId)).not.toContain(agent.userId);
  });

  it("an admin removes members but not owners; members remove nobody", async () => {
    const admin = await member("admin");
    const owner2 = await member("owner");
    const agent = await member("member");
    expect((await remove(owner2.membershipId, admin.cookie)).status).toBe(403);
    expect((await remove(admin.membershipId, agent.cookie)).status).toBe(403);
    expect((await remove(agent.membershipId, admin.cookie)).status).toBe(200);
    expect((await remove(owner2.membershipId)).status).toBe(200);
  });
});
