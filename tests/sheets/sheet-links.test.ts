import { beforeAll, describe, expect, it } from "vitest";
import { useApiTest } from "../support/api-test";
import { body, expectError, leadsApi, type Activity, type Lead, type Page } from "../leads/helpers";
import { SHEET_BUDGETS } from "../../server/sheets/sheet-throttle";
import { createCatalog, personalLink, sheetPath, type Catalog, type SheetLink } from "./support";

const t = useApiTest();
let api: ReturnType<typeof leadsApi>;
let catalog: Catalog;
let address = 0;

/** Each test opens sheets from its own client address, so per-address budgets never mix between tests. */
const from = () => ({ "X-Forwarded-For": `203.0.113.${++address}` });
const open = (path: string, headers: Record<string, string> = {}) => fetch(`${t.server.baseUrl}${path}`, { headers: { ...from(), ...headers }, redirect: "manual" });
const pressInterest = (path: string) =>
  fetch(`${t.server.baseUrl}${path}/interest`, {
    method: "POST",
    headers: { ...from(), "Content-Type": "application/x-www-form-urlencoded" },
    body: "",
    redirect: "manual",
  });
const timeline = async (leadId: string) => (await body<Page<Activity>>(await api.activities(leadId, "?limit=100"), 200)).data;
const links = async (query = "") => (await body<{ data: SheetLink[] }>(await t.server.api(`/projects/${catalog.projectId}/sheet-links${query}`, { token: t.org.key }), 200)).data;

beforeAll(async () => {
  api = leadsApi(t.server, t.org.key);
  catalog = await createCatalog(t.server, t.org.key);
});

describe("a lead's personal sheet", () => {
  it("shows the unit and nothing else of the organization, with the headers of a public page", async () => {
    const lead = await api.createFull({ firstName: "María", lastName: "González", phone: "+5213312345678" });
    const link = await personalLink(t.server, t.org.key, lead.id, catalog);
    expect(link).toMatchObject({ leadId: lead.id, leadName: "María González", views: 0, unitId: catalog.unitId });
    const response = await open(sheetPath(link));
    const html = await response.text();
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toBe("text/html; charset=utf-8");
    expect(response.headers.get("x-robots-tag")).toBe("noindex, nofollow");
    expect(response.headers.get("referrer-policy")).toBe("no-referrer");
    expect(html).toContain("A-1201");
    expect(html).toContain("Torre Norte");
    expect(html).toContain("MX$4,250,000");
    expect(html).toContain("96 m²");
    expect(html).toContain('referrerpolicy="no-referrer"');
    expect(html).toContain("https://www.google.com/maps/search/?api=1&amp;query=Av.%20Patria%201200");
    expect(html).toContain('<form method="post"');
    expect(html).not.toContain("<script");
    for (const secret of [lead.id, catalog.projectId, catalog.unitId, t.org.id, "María", "5213312345678", t.org.name]) expect(html).not.toContain(secret);
  });

  it("logs the first open on the lead's timeline, counts every open, and ignores link previews", async () => {
    const lead = await api.createFull({ firstName: "Juan", phone: "+5213300000001" });
    const link = await personalLink(t.server, t.org.key, lead.id, catalog);
    const path = sheetPath(link);
    expect((await open(path, { "User-Agent": "WhatsApp/2.23.20.0 A" })).status).toBe(200);
    expect((await timeline(lead.id)).filter((entry) => entry.type === "unit_sheet_viewed")).toHaveLength(0);
    expect((await open(path)).status).toBe(200);
    expect((await open(path)).status).toBe(200);
    const views = (await timeline(lead.id)).filter((entry) => entry.type === "unit_sheet_viewed");
    expect(views).toHaveLength(1);
    expect(views[0]).toMatchObject({ activityScope: "lead_event", content: "Viewed the sheet of unit A-1201 of Torre Norte" });
    const stored = await t.db.leadActivity.findUniqueOrThrow({ where: { id: views[0]!.id } });
    expect(stored.message).toMatchObject({ key: "unitSheetViewed", projectId: catalog.projectId, unitId: catalog.unitId });
    const listed = (await links(`?unitId=${catalog.unitId}`)).find((one) => one.id === link.id);
    expect(listed).toMatchObject({ views: 2, leadId: lead.id });
  });

  it("asking again for the same lead and unit gives the live link", async () => {
    const lead = await api.createFull({ firstName: "Ana", phone: "+5213300000002" });
    const first = await personalLink(t.server, t.org.key, lead.id, catalog);
    const again = await personalLink(t.server, t.org.key, lead.id, catalog);
    expect(again.id).toBe(first.id);
    expect(again.url).toBe(first.url);
  });

  it("'I'm interested' works as a plain form: an inbound communication, the project in the lead's interest, once", async () => {
    const lead = await api.createFull({ firstName: "Lucía", phone: "+5213300000003", interest: { currency: "MXN", budgetMax: 5000000 } });
    const link = await personalLink(t.server, t.org.key, lead.id, catalog);
    const path = sheetPath(link);
    const pressed = await pressInterest(path);
    expect(pressed.status).toBe(303);
    expect(pressed.headers.get("location")).toBe(`${path}?done=1`);
    const thanks = await (await open(`${path}?done=1`)).text();
    expect(thanks).toContain("Your agent knows you&#39;re interested");
    expect(thanks).not.toContain('<form method="post"');
    expect((await pressInterest(path)).status).toBe(303);

    const inbound = (await timeline(lead.id)).filter((entry) => entry.communicationDirection === "inbound");
    expect(inbound).toHaveLength(1);
    expect(inbound[0]).toMatchObject({ type: "social_message", content: "I'm interested in unit A-1201 of Torre Norte (pressed on the unit's sheet)" });
    const after = await body<Lead & { interest: { projectIds: string[]; budgetMax: number } }>(await api.get(lead.id), 200);
    expect(after.interest).toMatchObject({ projectIds: [catalog.projectId], budgetMax: 5000000, currency: "MXN" });
    expect((await links()).find((one) => one.id === link.id)?.interestedAt).not.toBeNull();
    // Told once: the unassigned lead's press reaches the organization's owner.
    const notices = await t.db.notification.findMany({ where: { leadId: lead.id, kind: "sheet_interest" } });
    expect(notices.map((notice) => notice.userId)).toEqual([t.org.ownerId]);
    // The ?done page is the form's answer, not another open.
    expect((await timeline(lead.id)).filter((entry) => entry.type === "unit_sheet_viewed")).toHaveLength(0);
  });

  it("a revoked link is a 404 page at once, and leaves the list", async () => {
    const lead = await api.createFull({ firstName: "Pedro", phone: "+5213300000004" });
    const link = await personalLink(t.server, t.org.key, lead.id, catalog);
    const revoked = await t.server.api(`/projects/${catalog.projectId}/sheet-links/${link.id}`, { token: t.org.key, method: "DELETE" });
    expect(await body(revoked, 200)).toEqual({ revoked: true, id: link.id });
    const response = await open(sheetPath(link));
    expect(response.status).toBe(404);
    expect(await response.text()).toContain("This link no longer works");
    expect((await pressInterest(sheetPath(link))).status).toBe(404);
    expect((await links()).map((one) => one.id)).not.toContain(link.id);
    await expectError(await t.server.api(`/projects/${catalog.projectId}/sheet-links/${link.id}`, { token: t.org.key, method: "DELETE" }), 404, "NOT_FOUND");
    // A new link for the same lead and unit is a new token.
    const fresh = await personalLink(t.server, t.org.key, lead.id, catalog);
    expect(fresh.url).not.toBe(link.url);
  });

  it("unknown and malformed tokens are the same 404 page", async () => {
    for (const path of ["/s/AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA", "/s/short", "/s/%3Cscript%3E"]) {
      const response = await open(path);
      expect(response.status).toBe(404);
      expect(response.headers.get("x-robots-tag")).toBe("noindex, nofollow");
    }
  });
});

describe("public sheet links", () => {
  it("a project's link for anyone shows the project, escapes what members typed, drops non-https photos and asks the visitor's details instead of the one-tap button", async () => {
    const other = await createCatalog(t.server, t.org.key, { name: "Casa <b>Roble</b>", image: "http://insecure.example.com/a.jpg", salePrice: 3100000 });
    const link = await body<SheetLink>(await t.server.api(`/projects/${other.projectId}/sheet-links`, { token: t.org.key, method: "POST", json: {} }), 201);
    expect(link).toMatchObject({ leadId: null, unitId: null });
    const html = await (await open(sheetPath(link))).text();
    expect(html).toContain("Casa &lt;b&gt;Roble&lt;/b&gt;");
    expect(html).toContain("MX$3,100,000");
    expect(html).not.toContain("insecure.example.com");
    expect(html).not.toContain("A-1201");
    expect(html).not.toContain('<form method="post"');
    expect(html).toContain('<form class="lead-form" method="post"');
  });

  it("creating a link checks the project and unit of the organization", async () => {
    await expectError(await t.server.api(`/projects/prj_000000000000000000000000/sheet-links`, { token: t.org.key, method: "POST", json: {} }), 404, "NOT_FOUND");
    await expectError(
      await t.server.api(`/projects/${catalog.projectId}/sheet-links`, { token: t.org.key, method: "POST", json: { unitId: "unit_000000000000000000000000" } }),
      404,
      "NOT_FOUND",
    );
  });
});

describe("rate limits", () => {
  it("one link opened too often is refused with 429 and Retry-After, whatever the address", async () => {
    const link = await body<SheetLink>(await t.server.api(`/projects/${catalog.projectId}/sheet-links`, { token: t.org.key, method: "POST", json: { unitId: catalog.unitId } }), 201);
    const path = sheetPath(link);
    for (let i = 0; i < SHEET_BUDGETS.perToken.points; i++) expect((await open(path)).status).toBe(200);
    const refused = await open(path);
    expect(refused.status).toBe(429);
    expect(Number(refused.headers.get("retry-after"))).toBeGreaterThan(0);
    expect(await refused.text()).toContain("Too many requests");
  });

  it("one address walking tokens is refused with 429", async () => {
    const headers = { "X-Forwarded-For": "198.51.100.77" };
    for (let i = 0; i < SHEET_BUDGETS.perAddress.points; i++) {
      expect((await fetch(`${t.server.baseUrl}/s/guess${i}`, { headers })).status).toBe(404);
    }
    expect((await fetch(`${t.server.baseUrl}/s/guess-more`, { headers })).status).toBe(429);
  });
});
