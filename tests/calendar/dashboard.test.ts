import { beforeAll, describe, expect, it } from "vitest";
import { seedLead, seedMember, seedOrganization } from "../support/factories";
import { sessionCookie } from "../security/support/dashboard-session";
import { trpc } from "../team/support/team-http";
import { useCalendarTest } from "./support/calendar-test";

/**
 * The dashboard's calendar procedures over the tRPC door with a session:
 * the profile card's view and disconnect, the session defaulting to its own
 * member, the lead page's meetings, and removing a member forgetting their
 * connection (revoked at Google).
 */
const c = useCalendarTest();
const { t } = c;
let memberId: string;
let cookie: string;
const ACCOUNT = "dash@gmail.test";

beforeAll(async () => {
  memberId = (await seedMember(t.db, t.org.id)).userId;
  cookie = await sessionCookie({ userId: memberId, organizationId: t.org.id });
});

type Connection = { configured: boolean; connection: null | { accountEmail: string; status: string } };

describe("the profile card and the session's own calendar", () => {
  it("shows nothing connected, then the connected account; events default to the signed-in member", async () => {
    expect((await trpc<Connection>(t.server, "calendar.myConnection", { cookie, input: {} })).data).toEqual({ configured: true, connection: null });
    await c.connect(memberId, ACCOUNT);
    const view = await trpc<Connection>(t.server, "calendar.myConnection", { cookie, input: {} });
    expect(view.data.connection).toMatchObject({ accountEmail: ACCOUNT, status: "active" });

    const lead = await seedLead(t.db, t.org.id, { firstName: "Eva" });
    const created = await trpc<{ event: { id: string } }>(t.server, "calendar.createEvent", {
      cookie,
      mutation: true,
      input: { leadId: lead.id, startAt: "2030-01-10T10:00", durationMinutes: 30 },
    });
    expect(created.status).toBe(200);
    const meetings = await trpc<{ eventId: string; userId: string; title: string }[]>(t.server, "calendar.leadMeetings", { cookie, input: { leadId: lead.id } });
    expect(meetings.data).toEqual([expect.objectContaining({ eventId: created.data.event.id, userId: memberId, title: "Reunión con Eva" })]);

    const other = await seedOrganization(t.db, { rateLimitExempt: true });
    const foreign = await seedLead(t.db, other.id);
    expect((await trpc(t.server, "calendar.leadMeetings", { cookie, input: { leadId: foreign.id } })).code).toBe("NOT_FOUND");
  });

  it("disconnect revokes at Google and the card offers to connect again", async () => {
    const before = c.google.requests.filter((r) => r.path === "/revoke").length;
    expect((await trpc(t.server, "calendar.disconnect", { cookie, mutation: true, input: {} })).status).toBe(200);
    expect(c.google.requests.filter((r) => r.path === "/revoke").length).toBe(before + 1);
    expect((await trpc<Connection>(t.server, "calendar.myConnection", { cookie, input: {} })).data.connection).toBeNull();
  });
});

describe("removing a member", () => {
  it("forgets their calendar connection in that organization and revokes it at Google", async () => {
    const leaving = await seedMember(t.db, t.org.id);
    await c.connect(leaving.userId, "leaving@gmail.test");
    const ownerCookie = await sessionCookie({ userId: t.org.ownerId, organizationId: t.org.id });
    const before = c.google.requests.filter((r) => r.path === "/revoke").length;
    const removed = await trpc(t.server, "team.members.remove", { cookie: ownerCookie, mutation: true, input: { membershipId: leaving.membershipId } });
    expect(removed.status).toBe(200);
    expect(await t.db.calendarConnection.count({ where: { userId: leaving.userId } })).toBe(0);
    expect(c.google.requests.filter((r) => r.path === "/revoke").length).toBe(before + 1);
  });
});
