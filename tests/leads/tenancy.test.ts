import { beforeAll, describe, expect, it } from "vitest";
import { seedMember, seedOrganization, type SeededOrganization } from "../support/factories";
import { useApiTest } from "../support/api-test";
import { body, expectError, leadsApi, query, type Activity, type Lead, type Page } from "./helpers";

/**
 * Every lead, member and timeline endpoint, replayed with a second
 * organization's key against the first one's ids: each answers 404, and
 * lists and searches never show them. Nothing of the first organization
 * changes.
 */
const t = useApiTest({ organization: false });
let mine: SeededOrganization;
let theirs: SeededOrganization;
let their: { lead: Lead; memberId: string; noteId: string };

beforeAll(async () => {
  mine = await seedOrganization(t.db, { rateLimitExempt: true });
  theirs = await seedOrganization(t.db, { rateLimitExempt: true });
  const theirApi = leadsApi(t.server, theirs.key);
  const lead = await theirApi.createFull({
    firstName: "Secret",
    lastName: "Buyer",
    email: "secret@theirs.test",
    phone: "+34 600 111 222",
    company: "Hidden Holdings",
  });
  const note = await body<{ id: string }>(await theirApi.note(lead.id, { content: "confidential" }), 201);
  const member = await seedMember(t.db, theirs.id);
  // Read back after the note: the note moved the lead's lastActivityAt, which is the state to keep.
  const noted = await body<Lead>(await theirApi.get(lead.id), 200);
  their = { lead: noted, memberId: member.membershipId, noteId: note.id };
  // A lead of mine that looks alike, so empty results are not empty for lack of data.
  await leadsApi(t.server, mine.key).createFull({ firstName: "Secret", lastName: "Seller", email: "secret@mine.test", phone: "+34 600 999 888" });
});

describe("another organization's ids answer 404 NOT_FOUND", () => {
  it("GET, PUT, DELETE /leads/{leadId}", async () => {
    const api = leadsApi(t.server, mine.key);
    await expectError(await api.get(their.lead.id), 404, "NOT_FOUND");
    await expectError(await api.update(their.lead.id, { firstName: "Hijacked" }), 404, "NOT_FOUND");
    await expectError(await api.remove(their.lead.id), 404, "NOT_FOUND");
  });

  it("timeline, notes and communications of the lead", async () => {
    const api = leadsApi(t.server, mine.key);
    await expectError(await api.activities(their.lead.id), 404, "NOT_FOUND");
    await expectError(await api.activities(their.lead.id, query({ activityScope: "all" })), 404, "NOT_FOUND");
    await expectError(await api.note(their.lead.id, { content: "sneaky" }), 404, "NOT_FOUND");
    await expectError(await api.communication(their.lead.id, { type: "call", direction: "outbound" }), 404, "NOT_FOUND");
  });

  it("GET /members/{memberId}", async () => {
    await expectError(await t.server.api(`/members/${their.memberId}`, { token: mine.key }), 404, "NOT_FOUND");
  });

  it("an activity id used where a lead id is expected names no lead: 404, not looked up", async () => {
    await expectError(await leadsApi(t.server, mine.key).get(their.noteId), 404, "NOT_FOUND");
  });
});

describe("lists and searches never show them", () => {
  it("GET /leads, with and without query", async () => {
    const api = leadsApi(t.server, mine.key);
    const all = await body<Page<Lead>>(await api.list(query({ limit: 100 })), 200);
    expect(all.pagination.total).toBe(1);
    expect(all.data.map((lead) => lead.id)).not.toContain(their.lead.id);
    for (const text of ["secret", "Hidden", "theirs.test", "600 111 222"]) {
      const page = await body<Page<Lead>>(await api.list(query({ query: text })), 200);
      expect(page.data.map((lead) => lead.id)).not.toContain(their.lead.id);
    }
  });

  it("GET /leads/search by email, phone and q", async () => {
    const api = leadsApi(t.server, mine.key);
    const searches: Record<string, string>[] = [{ email: "secret@theirs.test" }, { phone: "600111222" }, { q: "Hidden Holdings" }, { q: "secret" }];
    for (const params of searches) {
      const found = await body<{ data: { id: string }[] }>(await api.search(query(params)), 200);
      expect(found.data.map((lead) => lead.id)).not.toContain(their.lead.id);
    }
    expect((await body<{ data: unknown[] }>(await api.search(query({ q: "secret" })), 200)).data).toHaveLength(1);
  });

  it("GET /members lists only my members", async () => {
    const members = await body<{ data: { id: string }[] }>(await t.server.api("/members", { token: mine.key }), 200);
    expect(members.data.map((member) => member.id)).not.toContain(their.memberId);
    expect(members.data).toHaveLength(1);
  });

  it("GET /pipeline/stages lists only my stages", async () => {
    const stages = await body<{ data: { id: string }[] }>(await t.server.api("/pipeline/stages", { token: mine.key }), 200);
    const theirStages = await t.db.pipelineStage.findMany({ where: { organizationId: theirs.id }, select: { id: true } });
    expect(stages.data.map((stage) => stage.id)).not.toEqual(expect.arrayContaining([theirStages[0]?.id]));
  });
});

describe("their data is untouched", () => {
  it("the lead and its timeline are as they were", async () => {
    const api = leadsApi(t.server, theirs.key);
    expect(await body(await api.get(their.lead.id), 200)).toEqual(their.lead);
    const timeline = await body<Page<Activity>>(await api.activities(their.lead.id, query({ activityScope: "all" })), 200);
    expect(timeline.data.map((entry) => entry.type).sort()).toEqual(["created", "note"]);
  });
});
