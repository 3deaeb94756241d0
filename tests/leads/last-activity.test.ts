import { beforeAll, describe, expect, it } from "vitest";
import { newId } from "../../server/ids";
import { useApiTest } from "../support/api-test";
import { body, leadsApi, query, type Activity, type Lead, type Page } from "./helpers";

/**
 * `lastActivityAt` (an extension of the Lead): the time of the lead's newest
 * timeline entry, kept by a trigger on "LeadActivity" so every writer counts.
 */
const t = useApiTest();
let api: ReturnType<typeof leadsApi>;

beforeAll(async () => {
  api = leadsApi(t.server, t.org.key);
});

type LeadWithActivity = Lead & { lastActivityAt: string };

async function read(id: string): Promise<LeadWithActivity> {
  return body<LeadWithActivity>(await api.get(id), 200);
}

async function newestEntry(id: string): Promise<Activity & { createdAt: string }> {
  const page = await body<Page<Activity & { createdAt: string }>>(await api.activities(id, query({ activityScope: "all", limit: 1 })), 200);
  const [entry] = page.data;
  if (!entry) throw new Error("no timeline entry");
  return entry;
}

describe("lastActivityAt", () => {
  it("is the creation entry's time on a new lead", async () => {
    const lead = await read((await api.createFull({ email: "fresh@example.test" })).id);
    const created = await newestEntry(lead.id);
    expect(created.type).toBe("created");
    expect(lead.lastActivityAt).toBe(created.createdAt);
    expect(lead.lastActivityAt).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/);
  });

  it("moves with a note and a logged call, and updatedAt does not", async () => {
    const lead = await read((await api.createFull({ email: "touched@example.test" })).id);
    const note = await body<{ createdAt: string }>(await api.note(lead.id, { content: "Prefers mornings" }), 201);
    const afterNote = await read(lead.id);
    expect(afterNote.lastActivityAt).toBe(note.createdAt);
    expect(afterNote.updatedAt).toBe(lead.updatedAt);

    const call = await body<{ createdAt: string }>(
      await api.communication(lead.id, { type: "call", direction: "outbound", content: "No answer" }),
      201,
    );
    const afterCall = await read(lead.id);
    expect(afterCall.lastActivityAt).toBe(call.createdAt);
    expect(afterCall.lastActivityAt > afterNote.lastActivityAt).toBe(true);
    expect(afterCall.updatedAt).toBe(lead.updatedAt);
  });

  it("a PUT answers the value it stored, which is its newest entry's time", async () => {
    const lead = await api.createFull({ email: "moved@example.test" });
    const answered = await body<LeadWithActivity>(await api.update(lead.id, { status: "contacted", company: "Casa Azul" }), 200);
    const stored = await read(lead.id);
    expect(answered.lastActivityAt).toBe(stored.lastActivityAt);
    expect(stored.lastActivityAt).toBe((await newestEntry(lead.id)).createdAt);
    // An update that changes nothing writes no entry and leaves it.
    const unchanged = await body<LeadWithActivity>(await api.update(lead.id, { company: "Casa Azul" }), 200);
    expect(unchanged.lastActivityAt).toBe(stored.lastActivityAt);
  });

  it("follows entries written by any path, and never moves back for an older one", async () => {
    const lead = await read((await api.createFull({ email: "other-writer@example.test" })).id);
    const row = await t.db.lead.findUniqueOrThrow({ where: { id: lead.id }, select: { organizationId: true } });
    const entry = (createdAt: Date) => ({
      id: newId("activity"),
      organizationId: row.organizationId,
      leadId: lead.id,
      type: "meeting" as const,
      activityScope: "lead_event" as const,
      content: "Visit",
      actorKind: "system" as const,
      actorName: "System",
      createdAt,
    });
    const later = new Date(Date.parse(lead.lastActivityAt) + 60_000);
    await t.db.leadActivity.create({ data: entry(later) });
    expect((await read(lead.id)).lastActivityAt).toBe(later.toISOString());
    await t.db.leadActivity.create({ data: entry(new Date(Date.parse(lead.lastActivityAt) - 60_000)) });
    expect((await read(lead.id)).lastActivityAt).toBe(later.toISOString());
  });

  it("is in every list item", async () => {
    const lead = await read((await api.createFull({ email: "listed@example.test", firstName: "Listed" })).id);
    const page = await body<Page<LeadWithActivity>>(await api.list(query({ query: "Listed" })), 200);
    expect(page.data.find((item) => item.id === lead.id)?.lastActivityAt).toBe(lead.lastActivityAt);
  });
});
