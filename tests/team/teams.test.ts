import { beforeAll, describe, expect, it } from "vitest";
import { sessionCookie } from "../security/support/dashboard-session";
import { useApiTest } from "../support/api-test";
import { seedMember, seedOrganization } from "../support/factories";
import { trpc } from "./support/team-http";

/**
 * Settings → Teams over real HTTP: a team has a name, one or more team leads
 * and members; a member belongs to at most one team; owners and admins
 * manage them; the Members API shows each member's team.
 */
const t = useApiTest();
let ownerCookie: string;

type Team = { id: string; name: string; members: { userId: string; name: string; isLead: boolean }[] };
type Member = { id: string; user: { id: string }; team: { id: string; name: string; isLead: boolean } | null };

beforeAll(async () => {
  ownerCookie = await sessionCookie({ userId: t.org.ownerId, organizationId: t.org.id });
});

const create = (input: unknown, cookie = ownerCookie) => trpc<Team>(t.server, "teams.create", { cookie, mutation: true, input });
const update = (input: unknown, cookie = ownerCookie) => trpc<Team>(t.server, "teams.update", { cookie, mutation: true, input });
const remove = (teamId: string, cookie = ownerCookie) => trpc<{ deleted: true }>(t.server, "teams.delete", { cookie, mutation: true, input: { teamId } });
const list = (cookie = ownerCookie) => trpc<{ data: Team[] }>(t.server, "teams.list", { cookie });

async function membersApi(): Promise<Member[]> {
  const response = await t.server.api("/members", { token: t.org.key });
  return ((await response.json()) as { data: Member[] }).data;
}

describe("teams", () => {
  it("creates a team with leads and members, lists it, and the Members API shows each member's team", async () => {
    const lead = await seedMember(t.db, t.org.id, { name: "Lucía Team Lead" });
    const agent = await seedMember(t.db, t.org.id, { name: "Andrés Agent" });
    const outsider = await seedMember(t.db, t.org.id);
    const created = await create({ name: "Norte", leadUserIds: [lead.userId], memberUserIds: [agent.userId, lead.userId] });
    expect(created.status).toBe(200);
    expect(created.data.members).toEqual([
      { userId: lead.userId, name: "Lucía Team Lead", email: lead.email, isLead: true },
      { userId: agent.userId, name: "Andrés Agent", email: agent.email, isLead: false },
    ]);
    expect((await list()).data.data.map((team) => team.name)).toContain("Norte");

    const members = await membersApi();
    const teamOf = (userId: string) => members.find((member) => member.user.id === userId)?.team;
    expect(teamOf(lead.userId)).toEqual({ id: created.data.id, name: "Norte", isLead: true });
    expect(teamOf(agent.userId)).toEqual({ id: created.data.id, name: "Norte", isLead: false });
    expect(teamOf(outsider.userId)).toBeNull();
    const one = await t.server.api(`/members/${members.find((member) => member.user.id === agent.userId)!.id}`, { token: t.org.key });
    expect(((await one.json()) as Member).team?.name).toBe("Norte");
  });

  it("a member belongs to one team at most: a second team naming them is refused and nothing is written", async () => {
    const lead = await seedMember(t.db, t.org.id, { name: "Sur Lead" });
    const taken = await seedMember(t.db, t.org.id, { name: "Taken Person" });
    const first = await create({ name: "Sur", leadUserIds: [lead.userId], memberUserIds: [taken.userId] });
    expect(first.status).toBe(200);
    const otherLead = await seedMember(t.db, t.org.id);
    const second = await create({ name: "Este", leadUserIds: [otherLead.userId], memberUserIds: [taken.userId] });
    expect([second.status, second.code]).toEqual([400, "BAD_REQUEST"]);
    expect(second.error?.message).toContain("Taken Person (Sur)");
    expect(await t.db.team.count({ where: { organizationId: t.org.id, name: "Este" } })).toBe(0);
    expect(await t.db.teamMember.count({ where: { organizationId: t.org.id, userId: otherLead.userId } })).toBe(0);
  });

  it("a team needs a lead, a free name and members of the organization", async () => {
    const agent = await seedMember(t.db, t.org.id);
    const noLead = await create({ name: "Sin líder", leadUserIds: [], memberUserIds: [agent.userId] });
    expect([noLead.status, noLead.code]).toEqual([400, "VALIDATION_ERROR"]);
    // The refused field, named in the person's language by the dashboard door.
    expect(Object.keys(noLead.error?.data?.fieldErrors ?? {})).toEqual(["leadUserIds"]);

    const other = await seedOrganization(t.db);
    const stranger = await seedMember(t.db, other.id);
    const foreign = await create({ name: "Mixed", leadUserIds: [agent.userId], memberUserIds: [stranger.userId] });
    expect([foreign.status, foreign.code]).toEqual([400, "BAD_REQUEST"]);

    const lead = await seedMember(t.db, t.org.id);
    expect((await create({ name: "Oeste", leadUserIds: [lead.userId], memberUserIds: [] })).status).toBe(200);
    const again = await create({ name: "Oeste", leadUserIds: [agent.userId], memberUserIds: [] });
    expect([again.status, again.code]).toEqual([409, "CONFLICT"]);
  });

  it("edits replace the people; deleting leaves them members in no team; removing a member takes them out of their team", async () => {
    const lead = await seedMember(t.db, t.org.id);
    const a = await seedMember(t.db, t.org.id);
    const b = await seedMember(t.db, t.org.id);
    const team = (await create({ name: "Centro", leadUserIds: [lead.userId], memberUserIds: [a.userId] })).data;
    const edited = await update({ teamId: team.id, name: "Centro-Norte", leadUserIds: [lead.userId, b.userId], memberUserIds: [] });
    expect(edited.status).toBe(200);
    expect(edited.data.name).toBe("Centro-Norte");
    expect(edited.data.members.map((member) => [member.userId, member.isLead]).sort()).toEqual([[b.userId, true], [lead.userId, true]].sort());

    await trpc(t.server, "team.members.remove", { cookie: ownerCookie, mutation: true, input: { membershipId: b.membershipId } });
    expect((await list()).data.data.find((x) => x.id === team.id)?.members.map((member) => member.userId)).toEqual([lead.userId]);

    expect((await remove(team.id)).status).toBe(200);
    expect(await t.db.teamMember.count({ where: { organizationId: t.org.id, userId: lead.userId } })).toBe(0);
    expect(await t.db.membership.count({ where: { organizationId: t.org.id, userId: lead.userId } })).toBe(1);
    const gone = await remove(team.id);
    expect([gone.status, gone.code]).toEqual([404, "NOT_FOUND"]);
  });

  it("is for owners and admins: a member is refused, another organization's team is not found", async () => {
    const member = await seedMember(t.db, t.org.id);
    const memberCookie = await sessionCookie({ userId: member.userId, organizationId: t.org.id });
    const refused = await list(memberCookie);
    expect([refused.status, refused.code]).toEqual([403, "FORBIDDEN"]);

    const admin = await seedMember(t.db, t.org.id, { role: "admin" });
    const adminCookie = await sessionCookie({ userId: admin.userId, organizationId: t.org.id });
    expect((await list(adminCookie)).status).toBe(200);

    const other = await seedOrganization(t.db);
    const otherLead = await seedMember(t.db, other.id);
    const otherCookie = await sessionCookie({ userId: other.ownerId, organizationId: other.id });
    const theirs = (await create({ name: "Theirs", leadUserIds: [otherLead.userId], memberUserIds: [] }, otherCookie)).data;
    const edit = await update({ teamId: theirs.id, name: "Mine now", leadUserIds: [admin.userId], memberUserIds: [] }, adminCookie);
    expect([edit.status, edit.code]).toEqual([404, "NOT_FOUND"]);
    expect((await remove(theirs.id, adminCookie)).status).toBe(404);
  });
});
