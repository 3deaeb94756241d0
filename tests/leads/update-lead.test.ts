import { beforeAll, describe, expect, it } from "vitest";
import { seedMember, seedOrganization, seedProject } from "../support/factories";
import { useApiTest } from "../support/api-test";
import { body, expectError, leadsApi, query, type Activity, type Lead, type Page } from "./helpers";

const t = useApiTest();
let api: ReturnType<typeof leadsApi>;

beforeAll(async () => {
  api = leadsApi(t.server, t.org.key);
});

async function systemEntries(leadId: string) {
  return (await body<Page<Activity>>(await api.activities(leadId, query({ activityScope: "system" })), 200)).data;
}

describe("PUT /leads/{leadId}: bodies", () => {
  it("refuses a body with no field (or only unknown / read-only fields) with VALIDATION_ERROR", async () => {
    const lead = await api.createFull({ email: "empty@example.test" });
    const message = await expectError(await api.update(lead.id, {}), 400, "VALIDATION_ERROR");
    expect(message).toMatch(/at least one field/);
    await expectError(await api.update(lead.id, { stageName: "x", bogus: 1 }), 400, "VALIDATION_ERROR");
  });

  it("omission keeps a field, null clears it, and the response is the full updated lead", async () => {
    const lead = await api.createFull({ email: "keep@example.test", firstName: "Ana", company: "Casa", city: "Lima" });
    const updated = await body<Lead>(await api.update(lead.id, { company: null, city: "", jobTitle: "CFO" }), 200);
    expect(updated).toMatchObject({ firstName: "Ana", company: null, city: null, jobTitle: "CFO", email: "keep@example.test" });
    expect(updated).toHaveProperty("stageName");
    expect(await body(await api.get(lead.id), 200)).toEqual(updated);
  });

  it("accepts a lead read with GET sent back whole (read-only fields are ignored)", async () => {
    const lead = await api.createFull({ email: "roundtrip@example.test", source: "TikTok" });
    const updated = await body<Lead>(await api.update(lead.id, { ...lead, firstName: "Eva" }), 200);
    expect(updated.firstName).toBe("Eva");
    // Sending back `other` as read keeps the string that explains it.
    expect(updated.sourceMetadata).toEqual({ providedSource: "TikTok" });
  });

  it("rejects null for status and source, which cannot be cleared", async () => {
    const lead = await api.createFull({ email: "nonnull@example.test" });
    await expectError(await api.update(lead.id, { status: null }), 400, "VALIDATION_ERROR");
    await expectError(await api.update(lead.id, { source: null }), 400, "VALIDATION_ERROR");
  });

  it("language: en or es, null (the organization's) by default and to clear, anything else refused", async () => {
    const lead = await api.createFull({ email: "language@example.test", language: "es" });
    expect(lead.language).toBe("es");
    expect((await api.createFull({ email: "nolanguage@example.test" })).language).toBeNull();
    await expectError(await api.update(lead.id, { language: "fr" }), 400, "VALIDATION_ERROR");
    await expectError(await api.update(lead.id, { language: "ES" }), 400, "VALIDATION_ERROR");
    expect((await body<Lead>(await api.update(lead.id, { language: "en" }), 200)).language).toBe("en");
    expect((await body<Lead>(await api.update(lead.id, { language: null }), 200)).language).toBeNull();
    expect((await body<Lead>(await api.get(lead.id), 200)).language).toBeNull();
  });

  it("404 for an unknown lead and for a malformed id", async () => {
    await expectError(await api.update("lead_" + "0".repeat(24), { firstName: "x" }), 404, "NOT_FOUND");
    await expectError(await api.update("not-a-lead", { firstName: "x" }), 404, "NOT_FOUND");
  });
});

describe("contact-identity rule after merging", () => {
  it("refuses clearing the only contact, in any spelling", async () => {
    const lead = await api.createFull({ email: "only@example.test" });
    await expectError(await api.update(lead.id, { email: null }), 400, "VALIDATION_ERROR");
    await expectError(await api.update(lead.id, { email: "" }), 400, "VALIDATION_ERROR");
    await expectError(await api.update(lead.id, { email: " ", phone: "" }), 400, "VALIDATION_ERROR");
    expect((await body<Lead>(await api.get(lead.id), 200)).email).toBe("only@example.test");
  });

  it("allows clearing one contact when the other remains or is set in the same request", async () => {
    const lead = await api.createFull({ email: "swap@example.test" });
    const swapped = await body<Lead>(await api.update(lead.id, { email: null, phone: "555-0199" }), 200);
    expect(swapped).toMatchObject({ email: null, phone: "555-0199" });
    const row = await t.db.lead.findUniqueOrThrow({ where: { id: lead.id } });
    expect(row.phoneDigits).toBe("5550199");
  });
});

describe("source on update", () => {
  it("a new unknown source replaces providedSource; a catalog value removes it", async () => {
    const lead = await api.createFull({ email: "src@example.test", source: "Flyer" });
    const unknown = await body<Lead>(await api.update(lead.id, { source: "Billboard" }), 200);
    expect(unknown).toMatchObject({ source: "other", sourceMetadata: { providedSource: "Billboard" } });
    const known = await body<Lead>(await api.update(lead.id, { source: "event" }), 200);
    expect(known).toMatchObject({ source: "event", sourceMetadata: null });
  });
});

describe("references on update", () => {
  it("assignedToId must be a member; stageId one of this organization's stages", async () => {
    const lead = await api.createFull({ email: "refs@example.test" });
    const stranger = await seedOrganization(t.db, { rateLimitExempt: true });
    const outsider = await seedMember(t.db, stranger.id);
    const foreignStage = await t.db.pipelineStage.findFirstOrThrow({ where: { organizationId: stranger.id } });
    const message = await expectError(
      await api.update(lead.id, { assignedToId: outsider.userId, stageId: foreignStage.id }),
      400,
      "VALIDATION_ERROR",
    );
    expect(message).toContain("assignedToId: ");
    expect(message).toContain("stageId: ");
  });

  it("changing the project while keeping a unit of the old one is refused; changing both is fine", async () => {
    const first = await seedProject(t.db, t.org.id, { units: [{ name: "A" }] });
    const second = await seedProject(t.db, t.org.id, { name: "Second", units: [{ name: "B" }] });
    const lead = await api.createFull({ email: "proj@example.test", unitId: first.units[0]?.id });
    expect(lead.projectId).toBe(first.id);
    await expectError(await api.update(lead.id, { projectId: second.id }), 400, "VALIDATION_ERROR");
    const moved = await body<Lead>(await api.update(lead.id, { projectId: second.id, unitId: second.units[0]?.id }), 200);
    expect(moved).toMatchObject({ projectId: second.id, projectName: "Second", unitId: second.units[0]?.id });
    const cleared = await body<Lead>(await api.update(lead.id, { projectId: null, unitId: null }), 200);
    expect(cleared).toMatchObject({ projectId: null, projectName: null, unitId: null });
  });
});

describe("timeline of an update", () => {
  it("records `updated` with a field-level change set, plus status, stage and assignment entries", async () => {
    const member = await seedMember(t.db, t.org.id, { name: "Luis Pérez" });
    const lead = await api.createFull({ email: "timeline@example.test", firstName: "Old" });
    const stages = await t.db.pipelineStage.findMany({ where: { organizationId: t.org.id } });
    const qualified = stages.find((stage) => stage.systemKey === "qualified");
    await body(
      await api.update(lead.id, {
        firstName: "New",
        status: "qualified",
        stageId: qualified?.id,
        assignedToId: member.userId,
        estimatedValue: 50000,
        customFields: { budget: "high" },
      }),
      200,
    );
    const entries = await systemEntries(lead.id);
    // Newest first; the entries of one write appear in the order they happened.
    expect(entries.map((entry) => entry.type)).toEqual(["assigned", "stage_changed", "status_changed", "updated", "created"]);
    const updated = entries.find((entry) => entry.type === "updated");
    expect(updated?.changes).toEqual({
      firstName: { from: "Old", to: "New" },
      status: { from: "new", to: "qualified" },
      stageId: { from: lead.stageId, to: qualified?.id },
      assignedToId: { from: null, to: member.userId },
      estimatedValue: { from: null, to: 50000 },
      customFields: { from: null, to: { budget: "high" } },
    });
    expect(entries.find((entry) => entry.type === "status_changed")?.changes).toEqual({ status: { from: "new", to: "qualified" } });
    expect(entries.find((entry) => entry.type === "stage_changed")?.content).toBe("Stage changed from New to Qualified");
    expect(entries.find((entry) => entry.type === "assigned")?.content).toBe("Assigned to Luis Pérez");

    await body(await api.update(lead.id, { assignedToId: null }), 200);
    const after = await systemEntries(lead.id);
    expect(after[0]).toMatchObject({ type: "unassigned", changes: { assignedToId: { from: member.userId, to: null } } });
  });

  it("an update that changes nothing writes no entry and keeps updatedAt", async () => {
    const lead = await api.createFull({ email: "same@example.test", firstName: "Same" });
    const updated = await body<Lead>(await api.update(lead.id, { firstName: "Same", email: "SAME@example.test" }), 200);
    expect(updated.updatedAt).toBe(lead.updatedAt);
    expect((await systemEntries(lead.id)).map((entry) => entry.type)).toEqual(["created"]);
  });
});

describe("DELETE /leads/{leadId}", () => {
  it("answers {deleted: true, id}, removes the lead and its timeline, then 404", async () => {
    const lead = await api.createFull({ email: "gone@example.test" });
    await body(await api.note(lead.id, { content: "hello" }), 201);
    expect(await body(await api.remove(lead.id), 200)).toEqual({ deleted: true, id: lead.id });
    expect(await t.db.leadActivity.count({ where: { leadId: lead.id } })).toBe(0);
    await expectError(await api.get(lead.id), 404, "NOT_FOUND");
    await expectError(await api.remove(lead.id), 404, "NOT_FOUND");
  });
});
