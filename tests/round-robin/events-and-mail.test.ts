import { beforeAll, describe, expect, it } from "vitest";
import { useApiTest } from "../support/api-test";
import { seedLead } from "../support/factories";
import { roundRobinApi, seedMembers, type Json } from "./helpers";

const t = useApiTest({ observeEvents: true });
const rr = roundRobinApi(t);
let agents: { userId: string; email: string }[] = [];
let pool: string;

beforeAll(async () => {
  agents = await seedMembers(t, 2);
  pool = await rr.createPool({ participantIds: agents.map((a) => a.userId), emailNotificationsEnabled: true });
});

async function assignedEventsOf(leadId: string) {
  const rows = await t.db.webhookEvent.findMany({ where: { organizationId: t.org.id, type: "lead.assigned" } });
  return rows.map((row) => ({ origin: row.origin, body: JSON.parse(row.body) as Json })).filter((e) => e.body.data.lead.id === leadId);
}

describe("lead.assigned", () => {
  it("carries autoAssigned true when the round robin chose, with the caller's door as source", async () => {
    const lead: Json = await (await rr.createLead({ email: "auto@example.test", firstName: "Auto" })).json();
    expect(lead.roundRobinId).toBe(pool);
    const [event] = await assignedEventsOf(lead.id);
    expect(event).toMatchObject({ origin: "api", body: { data: { autoAssigned: true, lead: { assignedToId: lead.assignedToId } } } });
  });

  it("carries autoAssigned false for an explicit assignee", async () => {
    const lead: Json = await (await rr.createLead({ email: "explicit@example.test", assignedToId: agents[0]!.userId })).json();
    const [event] = await assignedEventsOf(lead.id);
    expect(event!.body.data.autoAssigned).toBe(false);
  });

  it("system work (a lead the service creates itself) is delivered with source system", async () => {
    const lead = await seedLead(t.db, t.org.id, { firstName: "Inbound" });
    expect(lead.roundRobinId).toBe(pool);
    const [event] = await assignedEventsOf(lead.id);
    expect(event).toMatchObject({ origin: "system", body: { data: { autoAssigned: true } } });
  });

  it("POST /round-robin/assign tells it like any assignment: lead.updated and lead.assigned, a timeline entry by the caller", async () => {
    const lead: Json = await (await rr.createLead({ email: "later@example.test", assignedToId: agents[0]!.userId })).json();
    await rr.call(`/leads/${lead.id}`, { method: "PUT", json: { assignedToId: null } });
    const answer: Json = await (await rr.assign({ leadId: lead.id })).json();
    expect(answer.assigned).toBe(true);
    const events = await assignedEventsOf(lead.id);
    expect(events.at(-1)).toMatchObject({ origin: "api", body: { data: { autoAssigned: true, previousAssignedToId: null } } });
    const updated = (await t.db.webhookEvent.findMany({ where: { organizationId: t.org.id, type: "lead.updated" }, orderBy: { createdAt: "asc" } }))
      .map((row) => JSON.parse(row.body) as Json)
      .filter((body) => body.data.lead.id === lead.id);
    expect(updated.at(-1)!.data.changes).toEqual({ assignedToId: { from: null, to: answer.assignedToId } });
    const timeline: Json = await (await rr.call(`/leads/${lead.id}/activities?activityScope=system`)).json();
    const entry = timeline.data.find((a: Json) => a.type === "assigned" && a.content.includes("round robin"));
    expect(entry.content).toMatch(/^Assigned to Agent \d by round robin$/);
    expect(entry.user.name).toBe("API key test key");
  });
});

describe("assignment emails", () => {
  it("queues one email per assignment to the assignee, with the lead's name, phone, source and link", async () => {
    const lead: Json = await (await rr.createLead({ firstName: "Marta", lastName: "Ruiz", phone: "+57 300 111 2233", source: "referral" })).json();
    const assignee = agents.find((a) => a.userId === lead.assignedToId)!;
    const mails = await t.db.outgoingMail.findMany({ where: { organizationId: t.org.id, kind: "lead.assigned", toAddress: assignee.email } });
    const mail = mails.find((m) => m.textBody.includes("Marta Ruiz"));
    expect(mail).toBeDefined();
    expect(mail!.textBody).toContain("+57 300 111 2233");
    expect(mail!.textBody).toContain("referral");
    expect(mail!.textBody).toContain(`/leads/${lead.id}`);
  });

  it("sends nothing for pools with notifications off", async () => {
    await rr.patch(pool, { emailNotificationsEnabled: false });
    const before = await t.db.outgoingMail.count({ where: { kind: "lead.assigned" } });
    await rr.createLead({ email: "quiet@example.test" });
    expect(await t.db.outgoingMail.count({ where: { kind: "lead.assigned" } })).toBe(before);
  });
});

describe("the follower's daily digest", () => {
  it("queues one digest per followed pool with notifications on and assignments in the last day", async () => {
    const { queueFollowerDigests, followerDigestJob } = await import("../../server/round-robin/follower-digest-job");
    const { databaseClock } = await import("../../server/jobs/job-clock");
    const { jobRegistry } = await import("../../server/jobs/registry");
    expect(jobRegistry).toContain(followerDigestJob);
    const follower = agents[1]!;
    const followed = await rr.createPool({
      name: "Followed",
      participantIds: [agents[0]!.userId],
      followerUserId: follower.userId,
      emailNotificationsEnabled: true,
      assignInboundLeads: false,
    });
    await rr.createLead({ email: "d1@example.test", firstName: "Dana", roundRobinId: followed });
    await rr.createLead({ email: "d2@example.test", roundRobinId: followed });
    expect(await queueFollowerDigests(t.db, databaseClock)).toBe(1);
    const digest = await t.db.outgoingMail.findFirstOrThrow({ where: { kind: "round_robin.digest", toAddress: follower.email } });
    expect(digest.subject).toContain("Followed");
    expect(digest.textBody).toContain("2 leads");
    expect(digest.textBody).toContain(`/routing/${followed}`);
  });
});
