import { afterAll, beforeAll, expect, it } from "vitest";
import { sheetHandler } from "../../server/http/sheet-handler";
import { VIEW_LOG_WINDOW_MS } from "../../server/sheets/open-sheet";
import { sessionCaller } from "../dashboard/callers";
import { leadsApi } from "../leads/helpers";
import { createCatalog, personalLink, sheetPath, startSheetServer } from "../sheets/support";
import { useApiTest } from "../support/api-test";
import { seedMember } from "../support/factories";

/**
 * `sheet_viewed` notices, caused over HTTP (the leads' REST door and the
 * public sheet door on a clock the test moves): the lead's owner is told
 * when the lead opens their personal sheet, once per logged look (the same
 * half-hour window as the timeline entry); a link preview tells nobody, and
 * an unassigned lead's look tells nobody.
 */
const t = useApiTest();
let now = new Date("2026-03-02T15:00:00.000Z");
let sheets: Awaited<ReturnType<typeof startSheetServer>>;
let owner: { userId: string };

const sheetNotices = async (userId: string) =>
  (await (await sessionCaller(t.db, userId, t.org.id)).notifications.list({})).data
    .filter((n) => n.kind === "sheet_viewed")
    .map((n) => [n.leadName, n.subject]);

beforeAll(async () => {
  sheets = await startSheetServer(sheetHandler(() => new Date(now)));
  owner = await seedMember(t.db, t.org.id, { name: "Rocío Hernández" });
});
afterAll(async () => {
  await sheets.close();
});

it("tells the lead's owner when the lead opens their sheet, once per logged look, never for a preview", async () => {
  const api = leadsApi(t.server, t.org.key);
  const catalog = await createCatalog(t.server, t.org.key);
  const lead = await api.createFull({ firstName: "Ana", lastName: "Pérez", phone: "+5213300000011", assignedToId: owner.userId });
  const link = await personalLink(t.server, t.org.key, lead.id, catalog);
  const open = async (userAgent = "Mozilla/5.0 (iPhone)") =>
    expect((await fetch(`${sheets.baseUrl}${sheetPath(link)}`, { headers: { "User-Agent": userAgent, "X-Forwarded-For": "192.0.2.11" } })).status).toBe(200);

  await open("WhatsApp/2.23.20.0");
  expect(await sheetNotices(owner.userId)).toEqual([]);
  await open();
  now = new Date(now.getTime() + VIEW_LOG_WINDOW_MS - 1);
  await open();
  expect(await sheetNotices(owner.userId)).toEqual([["Ana Pérez", "A-1201"]]);
  now = new Date("2026-03-02T15:30:00.000Z");
  await open();
  expect(await sheetNotices(owner.userId)).toEqual([
    ["Ana Pérez", "A-1201"],
    ["Ana Pérez", "A-1201"],
  ]);
});

it("tells nobody when an unassigned lead opens their sheet", async () => {
  const api = leadsApi(t.server, t.org.key);
  const catalog = await createCatalog(t.server, t.org.key, { name: "Torre Sur" });
  const lead = await api.createFull({ firstName: "Luis", phone: "+5213300000012" });
  const link = await personalLink(t.server, t.org.key, lead.id, catalog);
  const before = await t.db.notification.count({ where: { kind: "sheet_viewed" } });
  expect((await fetch(`${sheets.baseUrl}${sheetPath(link)}`, { headers: { "X-Forwarded-For": "192.0.2.12" } })).status).toBe(200);
  expect(await t.db.notification.count({ where: { kind: "sheet_viewed" } })).toBe(before);
  expect(await t.db.leadActivity.count({ where: { leadId: lead.id, type: "unit_sheet_viewed" } })).toBe(1);
});
