import { parse } from "csv-parse/sync";
import { beforeAll, describe, expect, it } from "vitest";
import { newId } from "../../server/ids";
import { sessionCookie } from "../security/support/dashboard-session";
import { trpc } from "../team/support/team-http";
import { useApiTest } from "../support/api-test";
import { seedApiKey, seedMember, seedOAuthToken, seedOrganization } from "../support/factories";
import { body, expectError } from "./helpers";

/**
 * `GET /leads/export` (and the dashboard's Export CSV, the same procedure):
 * the leads `GET /leads` lists with the same filters, as a streamed CSV with
 * the documented columns, only what the caller sees, formula-safe, and each
 * export in the lead access audit.
 */
const t = useApiTest();
let ownerCookie: string;
const COLUMNS =
  "id,firstName,lastName,email,phone,company,jobTitle,status,source,externalId,stageId,stageName,estimatedValue,score,temperature,city,state,country," +
  "projectId,projectName,unitId,assignedToId,assignedToName,assignedToEmail,doNotCall,interest,offersConsent,notes,customFields,sourceMetadata,createdAt,updatedAt,lastActivityAt";

type Row = Record<string, string>;

async function csv(response: Response): Promise<{ header: string; rows: Row[] }> {
  const text = await response.text();
  expect(response.status, text).toBe(200);
  expect(response.headers.get("content-type")).toBe("text/csv; charset=utf-8");
  expect(response.headers.get("content-disposition")).toMatch(/^attachment; filename="leads(-\d{4}-\d{2}-\d{2})?\.csv"$/);
  return { header: text.split("\n")[0]!, rows: parse(text, { columns: true }) as Row[] };
}

const exported = (query = "", token = t.org.key) => t.server.api(`/leads/export${query}`, { token });
const create = async (json: Record<string, unknown>) =>
  (await body<{ id: string }>(await t.server.api("/leads", { token: t.org.key, method: "POST", json }), 201)).id;

let agent: { userId: string; token: string; cookie: string };
const ids: Record<string, string> = {};

beforeAll(async () => {
  ownerCookie = await sessionCookie({ userId: t.org.ownerId, organizationId: t.org.id });
  const seeded = await seedMember(t.db, t.org.id, { role: "member", name: "Rosa Pérez" });
  agent = {
    userId: seeded.userId,
    token: (await seedOAuthToken(t.db, { organizationId: t.org.id, userId: seeded.userId })).token,
    cookie: await sessionCookie({ userId: seeded.userId, organizationId: t.org.id }),
  };
  ids.ana = await create({
    firstName: "Ana",
    lastName: "Gómez, Ruiz",
    email: "ana@example.test",
    phone: "+573001234567",
    company: "=HYPERLINK(\"http://evil.test\")",
    notes: "Línea uno\n\"citada\"",
    estimatedValue: 250000.5,
    customFields: { budget: 3 },
    interest: { operation: "sale", cities: ["Medellín"] },
    offersConsent: { consented: true, at: "2026-11-20T10:00:00.000Z", source: "form" },
    status: "qualified",
    assignedToId: agent.userId,
  });
  ids.bruno = await create({ firstName: "Bruno", email: "bruno@example.test", source: "website", company: "@risk" });
  ids.carla = await create({ firstName: "Carla", email: "carla@example.test", company: "-5+3" });
}, 60_000);

describe("GET /leads/export", () => {
  it("answers the documented columns, one row per lead in the list's order, values as the API shows them", async () => {
    const { header, rows } = await csv(await exported());
    expect(header).toBe(COLUMNS);
    expect(rows.map((row) => row.id)).toEqual([ids.carla, ids.bruno, ids.ana]);
    const lead = await body<Record<string, unknown>>(await t.server.api(`/leads/${ids.ana}`, { token: t.org.key }), 200);
    const ana = rows[2]!;
    expect(ana).toMatchObject({
      firstName: "Ana",
      lastName: "Gómez, Ruiz",
      email: "ana@example.test",
      notes: "Línea uno\n\"citada\"",
      estimatedValue: "250000.5",
      status: "qualified",
      stageName: lead.stageName as string,
      assignedToId: agent.userId,
      assignedToName: "Rosa Pérez",
      doNotCall: "false",
      customFields: '{"budget":3}',
      createdAt: lead.createdAt as string,
      score: "",
    });
    // JSON text of the objects as the API shows them (key order is the database's).
    expect(JSON.parse(ana.interest!)).toEqual(lead.interest);
    expect(JSON.parse(ana.offersConsent!)).toEqual({ consented: true, at: "2026-11-20T10:00:00.000Z", source: "form" });
    expect(rows[0]!.interest).toBe("");
  });

  it("prefixes cells a spreadsheet would run as a formula", async () => {
    const { rows } = await csv(await exported());
    const byId = Object.fromEntries(rows.map((row) => [row.id, row]));
    expect(byId[ids.ana!]!.company).toBe("'=HYPERLINK(\"http://evil.test\")");
    expect(byId[ids.ana!]!.phone).toBe("'+573001234567");
    expect(byId[ids.bruno!]!.company).toBe("'@risk");
    expect(byId[ids.carla!]!.company).toBe("'-5+3");
  });

  it("takes the list's filters and order", async () => {
    expect((await csv(await exported("?source=website"))).rows.map((r) => r.id)).toEqual([ids.bruno]);
    expect((await csv(await exported("?status=qualified"))).rows.map((r) => r.id)).toEqual([ids.ana]);
    expect((await csv(await exported("?query=carla"))).rows.map((r) => r.id)).toEqual([ids.carla]);
    expect((await csv(await exported(`?assignedToId=${agent.userId}`))).rows.map((r) => r.id)).toEqual([ids.ana]);
    expect((await csv(await exported("?sortBy=firstName&sortOrder=asc"))).rows.map((r) => r.id)).toEqual([ids.ana, ids.bruno, ids.carla]);
    expect((await csv(await exported("?status=lost"))).rows).toEqual([]);
  });

  it("refuses bad filters with the error envelope before any byte of CSV", async () => {
    const message = await expectError(await exported("?status=sold"), 400, "VALIDATION_ERROR");
    expect(message).toMatch(/^status: /);
    await expectError(await exported("?sortBy=password"), 400, "VALIDATION_ERROR");
    await expectError(await t.server.api("/leads/export"), 401, "UNAUTHORIZED");
  });

  it("needs leads:read", async () => {
    const { key } = await seedApiKey(t.db, t.org.id, { scopes: ["projects:read"] });
    await expectError(await exported("", key), 403, "FORBIDDEN");
  });

  it("exports only what the caller sees under `own` visibility", async () => {
    const current = await trpc<{ name: string; timezone: string | null; locale: "en" | "es" }>(t.server, "settings.organization.get", { cookie: ownerCookie });
    const { name, timezone, locale } = current.data;
    const own = { name, timezone, locale, leadVisibility: "own" };
    expect((await trpc(t.server, "settings.organization.update", { cookie: ownerCookie, mutation: true, input: own })).status).toBe(200);
    try {
      expect((await csv(await exported("", agent.token))).rows.map((r) => r.id)).toEqual([ids.ana]);
      const fromDashboard = await csv(await fetch(`${t.server.baseUrl}/api/exports/leads`, { headers: { cookie: agent.cookie } }));
      expect(fromDashboard.rows.map((r) => r.id)).toEqual([ids.ana]);
    } finally {
      await trpc(t.server, "settings.organization.update", { cookie: ownerCookie, mutation: true, input: { ...own, leadVisibility: "all" } });
    }
  });

  it("records each export, with who and how many, in the lead access audit", async () => {
    await csv(await exported("?source=website"));
    await csv(await fetch(`${t.server.baseUrl}/api/exports/leads?status=qualified&query=`, { headers: { cookie: ownerCookie } }));
    const audit = await trpc<{ data: { actorName: string; source: string; leadCount: number }[] }>(t.server, "leadAccess.list", {
      cookie: ownerCookie,
      input: { kind: "export" },
    });
    expect(audit.data.data.slice(0, 2).map((e) => [e.source, e.leadCount])).toEqual([
      ["ui", 1],
      ["api", 1],
    ]);
    const rows = await t.db.leadAccess.findMany({ where: { organizationId: t.org.id, kind: "export" }, orderBy: { createdAt: "desc" }, take: 1 });
    expect(rows[0]!.leadIds).toEqual([ids.ana]);
  });

  it("the dashboard download without a session is refused", async () => {
    const response = await fetch(`${t.server.baseUrl}/api/exports/leads`);
    expect(response.status).toBe(401);
    expect(((await response.json()) as { error: { code: string } }).error.code).toBe("UNAUTHORIZED");
  });
});

describe("many pages", () => {
  it("streams every lead of an organization across pages, in order, none twice", async () => {
    const big = await seedOrganization(t.db, { rateLimitExempt: true, maxLeads: null });
    const base = Date.parse("2026-11-01T00:00:00Z");
    await t.db.lead.createMany({
      data: Array.from({ length: 2_345 }, (_, i) => ({
        id: newId("lead"),
        organizationId: big.id,
        email: `many-${i}@example.test`,
        // Groups of three equal timestamps exercise the id tie-break at page edges.
        createdAt: new Date(base - Math.floor(i / 3) * 1000),
      })),
    });
    const { rows } = await csv(await t.server.api("/leads/export", { token: big.key }));
    const expected = await t.db.lead.findMany({ where: { organizationId: big.id }, orderBy: [{ createdAt: "desc" }, { id: "desc" }], select: { id: true } });
    expect(rows.map((r) => r.id)).toEqual(expected.map((l) => l.id));
    const audit = await t.db.leadAccess.findFirst({ where: { organizationId: big.id, kind: "export" } });
    expect(audit?.leadCount).toBe(2_345);
  });
});
