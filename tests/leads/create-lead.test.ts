import { beforeAll, describe, expect, it } from "vitest";
import { seedMember, seedOrganization, seedProject, type SeededOrganization } from "../support/factories";
import { useApiTest } from "../support/api-test";
import { body, expectError, leadsApi, type Lead } from "./helpers";

const t = useApiTest({ organization: { maxLeads: null } });
let other: SeededOrganization;
let api: ReturnType<typeof leadsApi>;

beforeAll(async () => {
  other = await seedOrganization(t.db, { rateLimitExempt: true });
  api = leadsApi(t.server, t.org.key);
});

describe("POST /leads: response", () => {
  it("answers 201 with exactly the create subset", async () => {
    const created = await body(
      await api.create({ firstName: "Ana", lastName: "García", email: "ana@example.test", company: "Casa Azul", jobTitle: "CEO" }),
      201,
    );
    expect(Object.keys(created).sort()).toEqual(
      ["id", "firstName", "lastName", "email", "phone", "company", "status", "source", "assignedToId", "roundRobinId", "createdAt", "updatedAt"].sort(),
    );
    expect(created).toMatchObject({
      firstName: "Ana",
      lastName: "García",
      email: "ana@example.test",
      phone: null,
      company: "Casa Azul",
      status: "new",
      source: "other",
      assignedToId: null,
      roundRobinId: null,
    });
    expect(created.id).toMatch(/^lead_[0-9a-z]{24}$/);
    expect(created.createdAt).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/);
  });

  it("GET returns the full lead, with read-only names filled and the default stage of its status", async () => {
    const lead = await api.createFull({ email: "full@example.test", estimatedValue: 1234.5, score: 80, temperature: "hot" });
    const stages = await t.db.pipelineStage.findMany({ where: { organizationId: t.org.id } });
    const newStage = stages.find((stage) => stage.systemKey === "new");
    expect(lead).toMatchObject({
      stageId: newStage?.id,
      stageName: "New",
      estimatedValue: 1234.5,
      score: 80,
      temperature: "hot",
      projectId: null,
      projectName: null,
      assignedTo: null,
      customFields: null,
      sourceMetadata: null,
    });
    const won = await api.createFull({ email: "won@example.test", status: "won" });
    expect(won.stageName).toBe("Won");
    // On create, null is the same as omitted: the lead lands in the stage of its status (a lead is always in a stage).
    const explicit = await api.createFull({ email: "nostage@example.test", stageId: null });
    expect(explicit.stageId).toBe(newStage?.id);
  });

  it("stores estimatedValue as a decimal with 2 places and returns a JSON number", async () => {
    const lead = await api.createFull({ email: "money@example.test", estimatedValue: 999999999999.99 });
    expect(lead.estimatedValue).toBe(999999999999.99);
    const row = await t.db.lead.findUniqueOrThrow({ where: { id: lead.id } });
    expect(row.estimatedValue?.toFixed(2)).toBe("999999999999.99");
    const rounded = await api.createFull({ email: "cents@example.test", estimatedValue: 10.555 });
    expect(rounded.estimatedValue).toBeCloseTo(10.56, 2);
  });
});

describe("contact-identity rule", () => {
  it("refuses a lead with neither email nor phone", async () => {
    const message = await expectError(await api.create({ firstName: "Nobody" }), 400, "VALIDATION_ERROR");
    expect(message).toContain("email:");
    expect(message).toContain("phone:");
  });

  it("counts empty and blank strings as missing", async () => {
    await expectError(await api.create({ email: "", phone: "" }), 400, "VALIDATION_ERROR");
    await expectError(await api.create({ email: "   ", phone: null }), 400, "VALIDATION_ERROR");
  });

  it("accepts a phone alone or an email alone", async () => {
    await body(await api.create({ phone: "+1 555 0100" }), 201);
    await body(await api.create({ email: "only@example.test", phone: "" }), 201);
  });
});

describe("email and phone", () => {
  it("refuses an invalid email with VALIDATION_ERROR naming the field", async () => {
    const message = await expectError(await api.create({ email: "not-an-email" }), 400, "VALIDATION_ERROR");
    expect(message).toMatch(/^email: /);
  });

  it("normalises email to lowercase (and trims it)", async () => {
    const created = await body<Lead>(await api.create({ email: "  Mixed.Case@Example.TEST " }), 201);
    expect(created.email).toBe("mixed.case@example.test");
  });

  it("stores the phone as given and maintains its digits", async () => {
    const created = await body<Lead>(await api.create({ phone: "+52 (55) 1234-5678" }), 201);
    expect(created.phone).toBe("+52 (55) 1234-5678");
    const row = await t.db.lead.findUniqueOrThrow({ where: { id: created.id } });
    expect(row.phoneDigits).toBe("525512345678");
  });

  it("refuses a phone without enough digits", async () => {
    const message = await expectError(await api.create({ phone: "call me" }), 400, "VALIDATION_ERROR");
    expect(message).toMatch(/^phone: /);
  });
});

describe("source semantics", () => {
  it("stores a catalog value as given (case-insensitively) with no metadata", async () => {
    const lead = await api.createFull({ email: "s1@example.test", source: "Referral" });
    expect(lead.source).toBe("referral");
    expect(lead.sourceMetadata).toBeNull();
  });

  it("stores an unknown value as other and keeps the original string", async () => {
    const lead = await api.createFull({ email: "s2@example.test", source: "TikTok Ads" });
    expect(lead.source).toBe("other");
    expect(lead.sourceMetadata).toEqual({ providedSource: "TikTok Ads" });
  });

  it("defaults to other when omitted, and refuses null", async () => {
    expect((await api.createFull({ email: "s3@example.test" })).source).toBe("other");
    await expectError(await api.create({ email: "s4@example.test", source: null }), 400, "VALIDATION_ERROR");
  });
});

describe("field bounds", () => {
  const cases: [string, Record<string, unknown>][] = [
    ["firstName over 200", { firstName: "x".repeat(201) }],
    ["notes over 10000", { notes: "x".repeat(10_001) }],
    ["city over 100", { city: "x".repeat(101) }],
    ["score over 100", { score: 101 }],
    ["score not an integer", { score: 5.5 }],
    ["negative estimatedValue", { estimatedValue: -1 }],
    ["estimatedValue beyond Decimal(14,2)", { estimatedValue: 1e13 }],
    ["estimatedValue as a string", { estimatedValue: "100" }],
    ["unknown status", { status: "archived" }],
    ["unknown temperature", { temperature: "lukewarm" }],
    ["stageId not a uuid", { stageId: "stage-1" }],
    ["projectId of the wrong kind", { projectId: "lead_aaaaaaaaaaaaaaaaaaaaaaaa" }],
    ["customFields with 51 keys", { customFields: Object.fromEntries(Array.from({ length: 51 }, (_, i) => [`k${i}`, i])) }],
    ["customFields with a nested object", { customFields: { a: { b: 1 } } }],
  ];
  for (const [name, fields] of cases) {
    it(`refuses ${name}`, async () => {
      const field = Object.keys(fields)[0] ?? "";
      const message = await expectError(await api.create({ email: "bounds@example.test", ...fields }), 400, "VALIDATION_ERROR");
      expect(message).toContain(`${field}`);
    });
  }

  it("accepts the bounds themselves", async () => {
    const lead = await api.createFull({
      email: "edge@example.test",
      firstName: "x".repeat(200),
      notes: "n".repeat(10_000),
      score: 100,
      customFields: Object.fromEntries(Array.from({ length: 50 }, (_, i) => [`k${i}`, i % 2 ? "v" : true])),
    });
    expect(lead.firstName).toHaveLength(200);
    expect(Object.keys(lead.customFields as object)).toHaveLength(50);
  });
});

describe("references", () => {
  it("assigns to a member: assignedToId and assignedTo are filled", async () => {
    const member = await seedMember(t.db, t.org.id, { name: "Marta Ruiz" });
    const created = await body<Lead>(await api.create({ email: "assigned@example.test", assignedToId: member.userId }), 201);
    expect(created.assignedToId).toBe(member.userId);
    expect(created.roundRobinId).toBeNull();
    const lead = await body<Lead>(await api.get(created.id), 200);
    expect(lead.assignedTo).toEqual({ id: member.userId, name: "Marta Ruiz", email: member.email, image: null });
  });

  it("refuses an assignedToId that is not a member (another organization's user), writing nothing", async () => {
    const outsider = await seedMember(t.db, other.id);
    const before = await t.db.lead.count({ where: { organizationId: t.org.id } });
    const message = await expectError(
      await api.create({ email: "x@example.test", assignedToId: outsider.userId }),
      400,
      "VALIDATION_ERROR",
    );
    expect(message).toMatch(/^assignedToId: /);
    expect(await t.db.lead.count({ where: { organizationId: t.org.id } })).toBe(before);
  });

  it("refuses another organization's stage", async () => {
    const foreign = await t.db.pipelineStage.findFirstOrThrow({ where: { organizationId: other.id } });
    const message = await expectError(await api.create({ email: "x@example.test", stageId: foreign.id }), 400, "VALIDATION_ERROR");
    expect(message).toMatch(/^stageId: /);
  });

  it("links a project and a unit of it, and fills projectName", async () => {
    const project = await seedProject(t.db, t.org.id, { name: "Torre Norte", units: [{ name: "4B" }] });
    const lead = await api.createFull({ email: "p1@example.test", projectId: project.id, unitId: project.units[0]?.id });
    expect(lead).toMatchObject({ projectId: project.id, projectName: "Torre Norte", unitId: project.units[0]?.id });
  });

  it("takes the project from the unit when only the unit is sent", async () => {
    const project = await seedProject(t.db, t.org.id, { units: [{ name: "1A" }] });
    const lead = await api.createFull({ email: "p2@example.test", unitId: project.units[0]?.id });
    expect(lead.projectId).toBe(project.id);
  });

  it("refuses a unit of another project, and another organization's project or unit, naming every bad field", async () => {
    const mine = await seedProject(t.db, t.org.id, { units: [{ name: "A" }] });
    const second = await seedProject(t.db, t.org.id, { units: [{ name: "B" }] });
    const foreign = await seedProject(t.db, other.id, { units: [{ name: "C" }] });
    const mismatch = await expectError(
      await api.create({ email: "x@example.test", projectId: mine.id, unitId: second.units[0]?.id }),
      400,
      "VALIDATION_ERROR",
    );
    expect(mismatch).toMatch(/^unitId: belongs to project/);
    const both = await expectError(
      await api.create({
        email: "x@example.test",
        projectId: foreign.id,
        unitId: foreign.units[0]?.id,
        assignedToId: "00000000-0000-4000-8000-000000000000",
      }),
      400,
      "VALIDATION_ERROR",
    );
    expect(both).toContain("projectId: ");
    expect(both).toContain("unitId: ");
    expect(both).toContain("assignedToId: ");
    expect(both.split("; ")).toHaveLength(3);
  });
});
