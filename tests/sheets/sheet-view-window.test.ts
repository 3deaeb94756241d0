import { afterAll, beforeAll, expect, it } from "vitest";
import { useApiTest } from "../support/api-test";
import { body, leadsApi, type Activity, type Page } from "../leads/helpers";
import { sheetHandler } from "../../server/http/sheet-handler";
import { VIEW_LOG_WINDOW_MS } from "../../server/sheets/open-sheet";
import { createCatalog, personalLink, sheetPath, startSheetServer } from "./support";

/** Repeated opens of a personal link are logged once per window, on a clock the test moves. */
const t = useApiTest();
let now = new Date("2026-03-02T15:00:00.000Z");
let sheets: Awaited<ReturnType<typeof startSheetServer>>;

beforeAll(async () => {
  sheets = await startSheetServer(sheetHandler(() => new Date(now)));
});
afterAll(async () => {
  await sheets.close();
});

it("opens within 30 minutes of the last logged one are counted, not logged; the next one after is logged", async () => {
  const api = leadsApi(t.server, t.org.key);
  const catalog = await createCatalog(t.server, t.org.key);
  const lead = await api.createFull({ firstName: "Diego", phone: "+5213300000009" });
  const link = await personalLink(t.server, t.org.key, lead.id, catalog);
  const open = async () => expect((await fetch(`${sheets.baseUrl}${sheetPath(link)}`, { headers: { "X-Forwarded-For": "192.0.2.9" } })).status).toBe(200);
  const logged = async () =>
    (await body<Page<Activity>>(await api.activities(lead.id, "?type=unit_sheet_viewed"), 200)).data.map((entry) => entry.createdAt);

  await open();
  now = new Date(now.getTime() + VIEW_LOG_WINDOW_MS - 1);
  await open();
  expect(await logged()).toEqual(["2026-03-02T15:00:00.000Z"]);
  now = new Date("2026-03-02T15:30:00.000Z");
  await open();
  expect(await logged()).toEqual(["2026-03-02T15:30:00.000Z", "2026-03-02T15:00:00.000Z"]);
  const listed = await body<{ data: { id: string; views: number; lastViewedAt: string }[] }>(
    await t.server.api(`/projects/${catalog.projectId}/sheet-links`, { token: t.org.key }),
    200,
  );
  expect(listed.data.find((one) => one.id === link.id)).toMatchObject({ views: 3, lastViewedAt: "2026-03-02T15:30:00.000Z" });
});
