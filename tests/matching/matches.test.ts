import { beforeAll, describe, expect, it } from "vitest";
import { seedMember, seedOAuthToken, seedOrganization } from "../support/factories";
import { useApiTest } from "../support/api-test";
import { deferredJobKinds } from "../../server/jobs/deferred/kinds";
import { deferredJobRunner } from "../../server/jobs/deferred/run-deferred-job";
import { EmbeddedDriver } from "../../server/jobs/embedded/embedded-driver";
import { createManualClock } from "../webhooks/support/manual-clock";
import { body, expectError, leadsApi, type Json, type Lead } from "../leads/helpers";

const t = useApiTest();
let api: ReturnType<typeof leadsApi>;

interface Unit extends Json {
  id: string;
  projectId: string;
}
interface Project extends Json {
  id: string;
  units: Unit[];
}
interface MatchList<T> {
  data: ({ score: number; reasons: string[] } & T)[];
  total: number;
}

beforeAll(async () => {
  api = leadsApi(t.server, t.org.key);
});

async function createProject(json: Json, token = t.org.key): Promise<Project> {
  const created = await body<Project>(await t.server.api("/projects", { token, method: "POST", json }), 201);
  const project = await body<Project>(await t.server.api(`/projects/${created.id}`, { token }), 200);
  // A project's units are shown without their project id.
  return { ...project, units: project.units.map((unit) => ({ ...unit, projectId: project.id })) };
}
const patchUnit = (unit: Unit, json: Json) => t.server.api(`/projects/${unit.projectId}/units/${unit.id}`, { token: t.org.key, method: "PATCH", json });
const unitMatches = async (unit: Unit, token = t.org.key) =>
  body<MatchList<{ lead: { id: string } }>>(await t.server.api(`/projects/${unit.projectId}/units/${unit.id}/matches`, { token }), 200);
const leadMatches = async (leadId: string, query = "") =>
  body<MatchList<{ unit: { id: string; price: number; currency: string } }>>(await t.server.api(`/leads/${leadId}/matches${query}`, { token: t.org.key }), 200);
const leadIdsOf = (list: MatchList<{ lead: { id: string } }>) => list.data.map((match) => match.lead.id);

describe("matching rules through the REST door", () => {
  let tower: Project;
  let pesos: Project;

  beforeAll(async () => {
    tower = await createProject({
      name: "Torre Andares",
      city: "Zapopan",
      state: "Jalisco",
      currency: "USD",
      operationType: "sale",
      bedrooms: 3,
      bathrooms: 2.5,
      units: [
        { name: "A-1201", price: 300000, area: 120, type: "apartment" },
        { name: "A-1202", price: 200000, area: 90, type: "apartment" },
        { name: "PH-1", price: 300001, area: 250, type: "penthouse" },
      ],
    });
    pesos = await createProject({
      name: "Residencial Providencia",
      city: "Guadalajara",
      currency: "MXN",
      operationType: "sale_and_rent",
      bedrooms: 2,
      units: [{ name: "B-101", price: 300000, area: 80 }],
    });
  });

  it("budget edges are inclusive, one cent over is out, and a budget never crosses currencies", async () => {
    const lead = await api.createFull({ email: "edges@example.test", interest: { budgetMin: 200000, budgetMax: 300000, currency: "USD" } });
    const units = (await leadMatches(lead.id)).data.map((match) => match.unit.id);
    const [a1201, a1202, ph1] = tower.units;
    expect(units).toContain(a1201!.id);
    expect(units).toContain(a1202!.id);
    expect(units).not.toContain(ph1!.id);
    // B-101 costs 300000 too, but in pesos.
    expect(units).not.toContain(pesos.units[0]!.id);
    expect(leadIdsOf(await unitMatches(a1201!))).toContain(lead.id);
    expect(leadIdsOf(await unitMatches(pesos.units[0]!))).not.toContain(lead.id);

    const inPesos = await api.createFull({ email: "pesos@example.test", interest: { budgetMax: 300000, currency: "MXN" } });
    expect((await leadMatches(inPesos.id)).data.map((match) => match.unit.id)).toEqual([pesos.units[0]!.id]);
  });

  it("every named criterion must hold, and the reasons name them", async () => {
    const lead = await api.createFull({
      email: "criteria@example.test",
      interest: { operation: "sale", minBedrooms: 3, minBathrooms: 2, minArea: 100, cities: ["zapopan"], unitTypes: ["Apartment"] },
    });
    const list = await leadMatches(lead.id);
    expect(list.data.map((match) => match.unit.id)).toEqual([tower.units[0]!.id]);
    expect(list.total).toBe(1);
    expect(list.data[0]!.reasons).toEqual(["operation", "bedrooms", "bathrooms", "area", "place", "unitType"]);

    const renter = await api.createFull({ email: "renter@example.test", interest: { operation: "rent", cities: ["Guadalajara"] } });
    expect((await leadMatches(renter.id)).data.map((match) => match.unit.id)).toEqual([pesos.units[0]!.id]);
    // A rent budget does not compare with the sale price of a sale-and-rent unit.
    const rentBudget = await api.createFull({ email: "rentbudget@example.test", interest: { operation: "rent", budgetMax: 400000, currency: "MXN" } });
    expect((await leadMatches(rentBudget.id)).total).toBe(0);
  });

  it("ranks the unit nearest the middle of the budget first", async () => {
    const lead = await api.createFull({ email: "rank@example.test", interest: { budgetMin: 150000, budgetMax: 250000, currency: "USD" } });
    const extra = await createProject({ name: "Torre Sur", currency: "USD", units: [{ name: "S-1", price: 240000 }] });
    const list = await leadMatches(lead.id);
    expect(list.data.map((match) => match.unit.id)).toEqual([tower.units[1]!.id, extra.units[0]!.id]);
    expect(list.data[0]!.score).toBeGreaterThan(list.data[1]!.score);
  });

  it("reserved and sold units never match; releasing puts a unit back; price changes are reflected at once", async () => {
    const lead = await api.createFull({ email: "status@example.test", interest: { projectIds: [tower.id] } });
    const unit = tower.units[2]!;
    expect(leadIdsOf(await unitMatches(unit))).toContain(lead.id);
    await body(await patchUnit(unit, { status: "reserved" }), 200);
    expect(await unitMatches(unit)).toEqual({ data: [], total: 0 });
    expect((await leadMatches(lead.id)).data.map((match) => match.unit.id)).not.toContain(unit.id);
    await body(await patchUnit(unit, { status: "sold" }), 200);
    expect((await unitMatches(unit)).total).toBe(0);
    await body(await patchUnit(unit, { status: "available" }), 200);
    expect(leadIdsOf(await unitMatches(unit))).toContain(lead.id);

    const budget = await api.createFull({ email: "price@example.test", interest: { budgetMax: 310000, currency: "USD", projectIds: [tower.id] } });
    expect(leadIdsOf(await unitMatches(unit))).toContain(budget.id);
    await body(await patchUnit(unit, { price: 320000 }), 200);
    expect(leadIdsOf(await unitMatches(unit))).not.toContain(budget.id);
  });

  it("a lead without interest has no matches; limit cuts the list but not the total", async () => {
    const none = await api.createFull({ email: "none@example.test" });
    expect(await leadMatches(none.id)).toEqual({ data: [], total: 0 });
    const wide = await api.createFull({ email: "wide@example.test", interest: { operation: "sale" } });
    const all = await leadMatches(wide.id);
    expect(all.total).toBeGreaterThan(2);
    const cut = await leadMatches(wide.id, "?limit=2");
    expect(cut.data).toHaveLength(2);
    expect(cut.total).toBe(all.total);
    await expectError(await t.server.api(`/leads/${wide.id}/matches?limit=0`, { token: t.org.key }), 400, "VALIDATION_ERROR");
  });

  it("404 for another organization's lead or unit, and for a malformed id", async () => {
    const other = await seedOrganization(t.db, { rateLimitExempt: true });
    const foreign = await createProject({ name: "Ajeno", units: [{ name: "X-1", price: 1 }] }, other.key);
    await expectError(await t.server.api(`/projects/${foreign.id}/units/${foreign.units[0]!.id}/matches`, { token: t.org.key }), 404, "NOT_FOUND");
    await expectError(await t.server.api(`/projects/${tower.id}/units/unit_nope/matches`, { token: t.org.key }), 404, "NOT_FOUND");
    const lead = await api.createFull({ email: "mine@example.test" });
    await expectError(await t.server.api(`/leads/${lead.id}/matches`, { token: other.key }), 404, "NOT_FOUND");
  });
});

describe("matches are visibility-filtered", () => {
  it("a member under `own` sees only the matching leads they may see", async () => {
    const agent = await seedMember(t.db, t.org.id, { role: "member" });
    await t.db.organization.update({ where: { id: t.org.id }, data: { leadVisibility: "own" } });
    try {
      const project = await createProject({ name: "Visibilidad", currency: "COP", units: [{ name: "V-1", price: 500 }] });
      const mine = await body<Lead>(await api.create({ email: "mine-v@example.test", assignedToId: agent.userId, interest: { projectIds: [project.id] } }), 201);
      const theirs = await body<Lead>(await api.create({ email: "theirs-v@example.test", interest: { projectIds: [project.id] } }), 201);
      const { token } = await seedOAuthToken(t.db, { organizationId: t.org.id, userId: agent.userId });
      expect(leadIdsOf(await unitMatches(project.units[0]!, token))).toEqual([mine.id]);
      await expectError(await t.server.api(`/leads/${theirs.id}/matches`, { token }), 404, "NOT_FOUND");
      expect(leadIdsOf(await unitMatches(project.units[0]!))).toEqual(expect.arrayContaining([mine.id, theirs.id]));
    } finally {
      await t.db.organization.update({ where: { id: t.org.id }, data: { leadVisibility: "all" } });
    }
  });
});

describe("the matching job", () => {
  const runner = deferredJobRunner(deferredJobKinds);
  const runJobs = async () => {
    const driver = new EmbeddedDriver({ db: t.db, clock: createManualClock().clock, jobs: [runner] });
    let ran = 0;
    while ((await driver.runDue()) > 0 && ran++ < 20);
  };
  // Leads of the other scenarios with wide interests (any sale) match too; only this scenario's leads are followed.
  const followed = new Set<string>();
  const recorded = async (unitId: string) =>
    (await t.db.unitMatch.findMany({ where: { unitId }, select: { leadId: true } }))
      .map((pair) => pair.leadId)
      .filter((id) => followed.has(id))
      .sort();

  it("records new pairs after a unit is created, re-priced, reserved and released, and after an interest changes", async () => {
    const project = await createProject({ name: "Jobs", currency: "PEN", units: [{ name: "J-1", price: 1000 }] });
    const unit = project.units[0]!;
    await runJobs();
    expect(await recorded(unit.id)).toEqual([]);

    const cheap = await api.createFull({ email: "cheap-job@example.test", interest: { budgetMax: 900, currency: "PEN" } });
    const rich = await api.createFull({ email: "rich-job@example.test", interest: { budgetMax: 5000, currency: "PEN" } });
    followed.add(cheap.id).add(rich.id);
    await runJobs();
    expect(await recorded(unit.id)).toEqual([rich.id]);

    // Reserved: the price drop makes no match while the unit is off the market; released, it does.
    await body(await patchUnit(unit, { status: "reserved" }), 200);
    await body(await patchUnit(unit, { price: 850 }), 200);
    await runJobs();
    expect(await recorded(unit.id)).toEqual([rich.id]);
    await body(await patchUnit(unit, { status: "available" }), 200);
    await runJobs();
    expect(await recorded(unit.id)).toEqual([cheap.id, rich.id].sort());

    // A pair found before keeps its first time.
    const first = await t.db.unitMatch.findUniqueOrThrow({ where: { unitId_leadId: { unitId: unit.id, leadId: rich.id } } });
    await body(await api.update(rich.id, { interest: { budgetMax: 6000, currency: "PEN" } }), 200);
    await runJobs();
    const again = await t.db.unitMatch.findUniqueOrThrow({ where: { unitId_leadId: { unitId: unit.id, leadId: rich.id } } });
    expect(again.matchedAt).toEqual(first.matchedAt);
  });
});
