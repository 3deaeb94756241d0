import { beforeAll, describe, expect, it } from "vitest";
import { seedOrganization, seedProject } from "../support/factories";
import { useApiTest } from "../support/api-test";
import { body, expectError, leadsApi, type Activity, type Lead, type Page } from "./helpers";

const t = useApiTest();
let api: ReturnType<typeof leadsApi>;
let projectId: string;

beforeAll(async () => {
  api = leadsApi(t.server, t.org.key);
  projectId = (await seedProject(t.db, t.org.id, { name: "Torre Norte", city: "Guadalajara" })).id;
});

const EMPTY_INTEREST = {
  operation: null,
  budgetMin: null,
  budgetMax: null,
  currency: null,
  minBedrooms: null,
  minBathrooms: null,
  minArea: null,
  cities: [],
  unitTypes: [],
  projectIds: [],
};

describe("lead interest (extension)", () => {
  it("is written on create, filled with nulls for omitted criteria, and kept in the matching table", async () => {
    const lead = await api.createFull({
      email: "interest@example.test",
      interest: { operation: "sale", budgetMin: 200000, budgetMax: 300000, currency: "mxn", minBedrooms: 2, cities: ["Zapopan", "Zapopan", "Guadalajara"], projectIds: [projectId] },
    });
    expect(lead.interest).toEqual({
      ...EMPTY_INTEREST,
      operation: "sale",
      budgetMin: 200000,
      budgetMax: 300000,
      currency: "MXN",
      minBedrooms: 2,
      cities: ["Zapopan", "Guadalajara"],
      projectIds: [projectId],
    });
    const copy = await t.db.leadInterest.findUniqueOrThrow({ where: { leadId: lead.id } });
    expect(copy).toMatchObject({ currency: "MXN", operation: "sale", minBedrooms: 2, places: ["zapopan", "guadalajara"], projectIds: [projectId] });
    expect(copy.budgetMax?.toNumber()).toBe(300000);
  });

  it("is replaced as a whole on update, recorded on the timeline, and cleared by null (the matching copy goes too)", async () => {
    const lead = await api.createFull({ email: "replace@example.test", interest: { operation: "rent", cities: ["Lima"] } });
    const updated = await body<Lead>(await api.update(lead.id, { interest: { minBedrooms: 3 } }), 200);
    expect(updated.interest).toEqual({ ...EMPTY_INTEREST, minBedrooms: 3 });
    const entries = (await body<Page<Activity>>(await api.activities(lead.id, "?activityScope=system"), 200)).data;
    expect(entries.find((entry) => entry.type === "updated")?.changes).toHaveProperty("interest");

    const cleared = await body<Lead>(await api.update(lead.id, { interest: null }), 200);
    expect(cleared.interest).toBeNull();
    expect(await t.db.leadInterest.findUnique({ where: { leadId: lead.id } })).toBeNull();
  });

  it("stores an interest naming no criterion as null", async () => {
    const lead = await api.createFull({ email: "nothing@example.test", interest: { cities: [], operation: null } });
    expect(lead.interest).toBeNull();
  });

  it("refuses a budget without currency, a reversed budget, unknown keys and another organization's project, writing nothing", async () => {
    const noCurrency = await expectError(await api.create({ email: "a@example.test", interest: { budgetMax: 100 } }), 400, "VALIDATION_ERROR");
    expect(noCurrency).toMatch(/interest\.currency/);
    const reversed = await expectError(
      await api.create({ email: "b@example.test", interest: { budgetMin: 500, budgetMax: 100, currency: "USD" } }),
      400,
      "VALIDATION_ERROR",
    );
    expect(reversed).toMatch(/interest\.budgetMax/);
    await expectError(await api.create({ email: "c@example.test", interest: { bedrooms: 2 } }), 400, "VALIDATION_ERROR");
    await expectError(await api.create({ email: "d@example.test", interest: { budgetMax: "100", currency: "USD" } }), 400, "VALIDATION_ERROR");
    await expectError(await api.create({ email: "e@example.test", interest: { operation: "lease" } }), 400, "VALIDATION_ERROR");

    const other = await seedOrganization(t.db);
    const foreign = await seedProject(t.db, other.id, { name: "Ajeno" });
    const message = await expectError(
      await api.create({ email: "f@example.test", interest: { projectIds: [projectId, foreign.id] } }),
      400,
      "VALIDATION_ERROR",
    );
    expect(message).toMatch(/interest\.projectIds\.1/);
    expect(await t.db.lead.count({ where: { organizationId: t.org.id, email: { in: ["a@example.test", "f@example.test"] } } })).toBe(0);
  });
});

describe("offers consent (extension)", () => {
  it("dates a new answer, keeps the date of a repeated one, and keeps an explicit date", async () => {
    const lead = await api.createFull({ email: "consent@example.test", offersConsent: { consented: true, source: "form" } });
    const consent = lead.offersConsent as { consented: boolean; at: string; source: string };
    expect(consent).toMatchObject({ consented: true, source: "form" });
    expect(Date.parse(consent.at)).not.toBeNaN();

    const again = await body<Lead>(await api.update(lead.id, { offersConsent: { consented: true, source: "form" } }), 200);
    expect(again.offersConsent).toEqual(consent);

    const withdrawn = await body<Lead>(
      await api.update(lead.id, { offersConsent: { consented: false, source: "whatsapp", at: "2026-03-01T10:00:00-05:00" } }),
      200,
    );
    expect(withdrawn.offersConsent).toEqual({ consented: false, source: "whatsapp", at: "2026-03-01T15:00:00.000Z" });
  });

  it("refuses a consent without its answer or source", async () => {
    await expectError(await api.create({ email: "g@example.test", offersConsent: { source: "form" } }), 400, "VALIDATION_ERROR");
    await expectError(await api.create({ email: "h@example.test", offersConsent: { consented: "yes", source: "form" } }), 400, "VALIDATION_ERROR");
    await expectError(await api.create({ email: "i@example.test", offersConsent: { consented: true, source: "" } }), 400, "VALIDATION_ERROR");
  });
});

describe("interest as sequence criteria (extension)", () => {
  it("narrows the audience by operation and by project", async () => {
    const org = await seedOrganization(t.db, { rateLimitExempt: true });
    const leads = leadsApi(t.server, org.key);
    const tower = await seedProject(t.db, org.id, { name: "Torre Sur" });
    await leads.createFull({ phone: "+52 33 1000 0001", interest: { operation: "sale", projectIds: [tower.id] } });
    await leads.createFull({ phone: "+52 33 1000 0002", interest: { operation: "rent" } });
    await leads.createFull({ phone: "+52 33 1000 0003" });
    const count = async (criteria: unknown) => {
      const response = await t.server.api("/sequences/preview-audience", { token: org.key, method: "POST", json: { criteria } });
      return (await body<{ count: number }>(response, 200)).count;
    };
    expect(await count({})).toBe(3);
    expect(await count({ interestOperations: ["sale"] })).toBe(1);
    expect(await count({ interestOperations: ["sale", "rent"] })).toBe(2);
    expect(await count({ interestProjectIds: [tower.id] })).toBe(1);
  });

  it("narrows the audience by budget: overlapping ranges in the same currency, open ends reaching any amount", async () => {
    const org = await seedOrganization(t.db, { rateLimitExempt: true });
    const leads = leadsApi(t.server, org.key);
    await leads.createFull({ phone: "+52 33 2000 0001", interest: { currency: "USD", budgetMin: 100000, budgetMax: 200000 } });
    await leads.createFull({ phone: "+52 33 2000 0002", interest: { currency: "USD", budgetMax: 90000 } });
    await leads.createFull({ phone: "+52 33 2000 0003", interest: { currency: "USD", budgetMin: 300000 } });
    await leads.createFull({ phone: "+52 33 2000 0004", interest: { currency: "MXN", budgetMin: 100000, budgetMax: 200000 } });
    await leads.createFull({ phone: "+52 33 2000 0005", interest: { operation: "sale" } });
    const count = async (criteria: unknown) => {
      const response = await t.server.api("/sequences/preview-audience", { token: org.key, method: "POST", json: { criteria } });
      return (await body<{ count: number }>(response, 200)).count;
    };
    expect(await count({ interestBudget: { currency: "usd" } })).toBe(3);
    // The edges count: a budget up to 200,000 reaches 200,000; one from 100,000 starts at or below 100,000.
    expect(await count({ interestBudget: { currency: "USD", min: 200000 } })).toBe(2);
    expect(await count({ interestBudget: { currency: "USD", max: 100000 } })).toBe(2);
    expect(await count({ interestBudget: { currency: "USD", min: 150000, max: 250000 } })).toBe(1);
    expect(await count({ interestBudget: { currency: "MXN", min: 150000, max: 150000 } })).toBe(1);
    expect(await count({ interestBudget: { currency: "EUR" } })).toBe(0);
    for (const interestBudget of [{ currency: "US" }, { currency: "USD", min: 5, max: 1 }, { currency: "USD", min: -1 }, { min: 1 }]) {
      await expectError(
        await t.server.api("/sequences/preview-audience", { token: org.key, method: "POST", json: { criteria: { interestBudget } } }),
        400,
        "VALIDATION_ERROR",
      );
    }
    await expectError(
      await t.server.api("/sequences/preview-audience", { token: org.key, method: "POST", json: { criteria: { interestOperations: ["lease"] } } }),
      400,
      "VALIDATION_ERROR",
    );
  });
});
