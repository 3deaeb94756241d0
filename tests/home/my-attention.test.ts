import { beforeAll, describe, expect, it } from "vitest";
import { sessionCaller } from "../dashboard/callers";
import { useApiTest } from "../support/api-test";
import { seedLead, seedMember } from "../support/factories";

/**
 * "My leads needing attention": the count covers every waiting lead, the list
 * the ten oldest; only a logged communication ends the wait (a note does not);
 * other members' leads and leads past `new` never count.
 */
const t = useApiTest({ server: false });

let agent: { userId: string };
const waiting: string[] = [];

beforeAll(async () => {
  agent = await seedMember(t.db, t.org.id, { name: "Ana Agent" });
  const other = await seedMember(t.db, t.org.id, { name: "Beto Other" });
  for (let i = 0; i < 12; i++) {
    const lead = await seedLead(t.db, t.org.id, { firstName: `W${i}`, assignedToId: agent.userId });
    // Oldest first is W0, then W1, …: a day apart.
    await t.db.lead.update({ where: { id: lead.id }, data: { createdAt: new Date(Date.UTC(2026, 9, 1 + i, 12)) } });
    waiting.push(lead.id);
  }
  await seedLead(t.db, t.org.id, { firstName: "Theirs", assignedToId: other.userId });
  await seedLead(t.db, t.org.id, { firstName: "Contacted", assignedToId: agent.userId, status: "contacted" });
});

describe("home.myAttention", () => {
  it("counts every waiting lead and lists the ten oldest, oldest first", async () => {
    const caller = await sessionCaller(t.db, agent.userId, t.org.id);
    const result = await caller.home.myAttention({ period: "today" });
    expect(result.total).toBe(12);
    expect(result.leads.map((l) => l.id)).toEqual(waiting.slice(0, 10));
    expect(result.leads[0]).toMatchObject({ name: "W0", createdAt: "2026-10-01T12:00:00.000Z" });
  });

  it("a note leaves a lead waiting; a logged communication, inbound or outbound, ends its wait in the count and the list", async () => {
    const caller = await sessionCaller(t.db, agent.userId, t.org.id);
    await caller.leads.addNote({ leadId: waiting[0]!, content: "Tried the website form" });
    expect((await caller.home.myAttention({ period: "today" })).total).toBe(12);

    await caller.leads.logCommunication({ leadId: waiting[0]!, type: "call", direction: "outbound" });
    await caller.leads.logCommunication({ leadId: waiting[11]!, type: "email", direction: "inbound" });
    const result = await caller.home.myAttention({ period: "today" });
    expect(result.total).toBe(10);
    expect(result.leads.map((l) => l.id)).toEqual(waiting.slice(1, 11));
  });
});
