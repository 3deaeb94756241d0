import { beforeAll, describe, expect, it } from "vitest";
import { useApiTest } from "../support/api-test";
import { seedMember } from "../support/factories";
import { body, leadsApi, type Activity, type Lead, type Page } from "../leads/helpers";
import { SHEET_BUDGETS } from "../../server/sheets/sheet-throttle";
import { createCatalog, sheetPath, type Catalog, type SheetLink } from "./support";

const t = useApiTest();
let api: ReturnType<typeof leadsApi>;
let catalog: Catalog;
let path: string;
let address = 0;

const from = () => ({ "X-Forwarded-For": `198.18.0.${++address}` });
const open = (url: string) => fetch(`${t.server.baseUrl}${url}`, { headers: from(), redirect: "manual" });
const submit = (fields: Record<string, string>, at = path) =>
  fetch(`${t.server.baseUrl}${at}/interest`, {
    method: "POST",
    headers: { ...from(), "Content-Type": "application/x-www-form-urlencoded" },
    body: new URLSearchParams(fields).toString(),
    redirect: "manual",
  });
const timeline = async (leadId: string) => (await body<Page<Activity>>(await api.activities(leadId, "?limit=100"), 200)).data;
const leadsWith = (email: string) => t.db.lead.findMany({ where: { organizationId: t.org.id, email } });
const noticesOf = (leadId: string) => t.db.notification.findMany({ where: { leadId, kind: "sheet_interest" } });

beforeAll(async () => {
  api = leadsApi(t.server, t.org.key);
  catalog = await createCatalog(t.server, t.org.key);
  const link = await body<SheetLink>(
    await t.server.api(`/projects/${catalog.projectId}/sheet-links`, { token: t.org.key, method: "POST", json: { unitId: catalog.unitId } }),
    201,
  );
  path = sheetPath(link);
});

describe("'I'm interested' on a public sheet", () => {
  it("asks the visitor's name and a phone or an e-mail in a plain form, with a hidden honeypot", async () => {
    const html = await (await open(path)).text();
    expect(html).toContain(`<form class="lead-form" method="post" action="${path}/interest"`);
    for (const field of ['name="name"', 'name="phone"', 'name="email"', 'name="website" tabindex="-1"']) expect(html).toContain(field);
    expect(html).not.toContain("<script");
  });

  it("creates the lead (source sheet), logs the inbound communication, sets its interest and tells the organization's owner", async () => {
    const sent = await submit({ name: "Rosa María Pérez", phone: "", email: "rosa@example.com", website: "" });
    expect(sent.status).toBe(303);
    expect(sent.headers.get("location")).toBe(`${path}?done=1`);
    const thanks = await (await open(`${path}?done=1`)).text();
    expect(thanks).toContain("An agent will contact you soon");
    expect(thanks).not.toContain('class="lead-form"');

    const [row] = await leadsWith("rosa@example.com");
    expect(row).toBeDefined();
    const lead = await body<Lead & { interest: { projectIds: string[] }; source: string; sourceMetadata: Record<string, string> | null }>(await api.get(row!.id), 200);
    expect(lead).toMatchObject({ firstName: "Rosa", lastName: "María Pérez", source: "other", interest: { projectIds: [catalog.projectId] } });
    expect(lead.sourceMetadata).toMatchObject({ providedSource: "sheet" });
    const inbound = (await timeline(lead.id)).filter((entry) => entry.communicationDirection === "inbound");
    expect(inbound).toHaveLength(1);
    expect(inbound[0]).toMatchObject({ type: "social_message", content: "I'm interested in unit A-1201 of Torre Norte (pressed on the unit's sheet)" });
    const notices = await noticesOf(lead.id);
    expect(notices.map((notice) => notice.userId)).toEqual([t.org.ownerId]);
    expect(notices[0]).toMatchObject({ subject: "A-1201", leadName: "Rosa María Pérez" });
  });

  it("finds the lead the organization already has by e-mail or phone instead of creating another, and tells its owner", async () => {
    const agent = await seedMember(t.db, t.org.id, { name: "Agente Uno" });
    const existing = await api.createFull({ firstName: "Tomás", phone: "+5213355501234", assignedToId: agent.userId });
    expect((await submit({ name: "Tomás R.", phone: "+52 1 33 5550 1234" })).status).toBe(303);
    expect(await t.db.lead.count({ where: { organizationId: t.org.id, phoneE164: { not: null }, firstName: { startsWith: "Tom" } } })).toBe(1);
    const inbound = (await timeline(existing.id)).filter((entry) => entry.communicationDirection === "inbound");
    expect(inbound).toHaveLength(1);
    expect((await noticesOf(existing.id)).map((notice) => notice.userId)).toEqual([agent.userId]);
    const after = await body<Lead & { interest: { projectIds: string[] } }>(await api.get(existing.id), 200);
    expect(after.interest.projectIds).toEqual([catalog.projectId]);
    expect(after.firstName).toBe("Tomás");
  });

  it("answers a form without name or contact, or with a bad e-mail or phone, with 422 and the form again; nothing is written", async () => {
    const before = await t.db.lead.count({ where: { organizationId: t.org.id } });
    const empty = await submit({ name: " ", phone: "", email: "" });
    expect(empty.status).toBe(422);
    const emptyHtml = await empty.text();
    expect(emptyHtml).toContain("Write your name.");
    expect(emptyHtml).toContain("Leave a phone or an e-mail.");
    const bad = await submit({ name: "Luis <b>", phone: "12", email: "luis@" });
    expect(bad.status).toBe(422);
    const badHtml = await bad.text();
    expect(badHtml).toContain("This phone number doesn&#39;t look right.");
    expect(badHtml).toContain("This e-mail doesn&#39;t look right.");
    expect(badHtml).toContain('value="Luis &lt;b&gt;"');
    expect(badHtml).toContain('aria-invalid="true"');
    expect(await t.db.lead.count({ where: { organizationId: t.org.id } })).toBe(before);
  });

  it("a filled honeypot looks like a success to the robot and writes nothing", async () => {
    const before = await t.db.lead.count({ where: { organizationId: t.org.id } });
    const sent = await submit({ name: "Bot", email: "bot@example.com", website: "https://spam.example" });
    expect(sent.status).toBe(303);
    expect(await t.db.lead.count({ where: { organizationId: t.org.id } })).toBe(before);
  });

  it("is rate limited with the sheet: a link's budget spent is a 429 and no lead", async () => {
    const link = await body<SheetLink>(await t.server.api(`/projects/${catalog.projectId}/sheet-links`, { token: t.org.key, method: "POST", json: {} }), 201);
    const own = sheetPath(link);
    for (let i = 0; i < SHEET_BUDGETS.perToken.points; i++) expect((await submit({ name: "", email: "" }, own)).status).toBe(422);
    const refused = await submit({ name: "Late", email: "late@example.com" }, own);
    expect(refused.status).toBe(429);
    expect(Number(refused.headers.get("retry-after"))).toBeGreaterThan(0);
    expect(await leadsWith("late@example.com")).toHaveLength(0);
  });
});
