import { expect, test, type Page } from "@playwright/test";
import { adminCli } from "./support/admin-cli";
import { expectToast, newAccount, screenshot, signUp } from "./support/dashboard";
import { E2E_ORIGIN } from "./support/e2e-environment";

/**
 * A manager reading the speed-to-lead report, in both languages: a pool with a
 * one-minute first-touch deadline, two leads it assigns through the REST door,
 * one called by its owner in time and one left to miss its deadline (the escalation job
 * marks it within a minute of the deadline); the home widget opens the report,
 * whose figures link to the lead list filtered to the leads behind them.
 */
test.describe.configure({ mode: "serial" });

const WORDS = {
  en: { logCall: "Log call", connected: "Connected", callLogged: "Call logged", openReport: "Open the speed-to-lead report", missed: "Missed deadline", waiting: "Waiting", touched: "Touched", byPool: "By pool", title: "Speed to lead" },
  es: {
    logCall: "Registrar llamada",
    connected: "Contestó",
    callLogged: "Llamada registrada",
    openReport: "Abre el informe de velocidad de respuesta",
    missed: "Plazo incumplido",
    waiting: "Esperando",
    touched: "Contactados",
    byPool: "Por grupo",
    title: "Velocidad de respuesta",
  },
} as const;

async function api(key: string, method: string, path: string, body?: unknown) {
  // The organization is held to 3 requests a second.
  await new Promise((resolve) => setTimeout(resolve, 400));
  const response = await fetch(`${E2E_ORIGIN}/api/v1${path}`, {
    method,
    headers: { Authorization: `Bearer ${key}`, ...(body === undefined ? {} : { "Content-Type": "application/json" }) },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const answer = await response.json();
  expect(response.status, `${method} ${path}: ${JSON.stringify(answer)}`).toBeLessThan(300);
  return answer;
}

for (const language of ["en", "es"] as const) {
  test.describe(`speed-to-lead report (${language})`, () => {
    const w = WORDS[language];
    const account = newAccount(language === "en" ? "Speed" : "Rapidez");
    let page: Page;
    let key: string;

    test.beforeAll(async ({ browser }) => {
      page = await browser.newPage();
      await signUp(page, account, { language });
    });

    test.afterAll(async () => {
      await page.close();
    });

    test("a pool assigns two leads: one is touched, the other misses its one-minute deadline", async () => {
      // A minute for the deadline, then the escalation sweep that marks the miss (every 5 s on the e2e server, JOB_MINUTE_PERIOD_MS);
      // the rest is a backstop for a loaded machine.
      test.setTimeout(240_000);
      const slug = account.organization.toLowerCase().replace(/[^a-z0-9]+/g, "-");
      ({ key } = await adminCli<{ key: string }>("key", "create", "--org", slug, "--name", "Speed sync", "--scopes", "all"));
      const members = (await api(key, "GET", "/members")).data as { user: { id: string } }[];
      const pool = await api(key, "POST", "/round-robin", { name: "Ventas Centro", participantIds: [members[0]!.user.id] });
      await api(key, "PATCH", `/round-robin/${pool.id}/speed-to-lead`, { firstTouchMinutes: 1, firstTouchEscalation: [] });
      const lead = async (firstName: string, source: string) =>
        (await api(key, "POST", "/leads", { firstName, lastName: "Hernández", email: `${firstName.toLowerCase()}-${slug}@example.test`, source, roundRobinId: pool.id }))
          .id as string;
      await lead("Valentina", "website");
      const touched = await lead("Joaquin", "referral");
      // The owner's own call is the first touch (a communication an API key logs is nobody's touch).
      await page.goto(`/leads/${touched}`);
      await page.getByRole("tab", { name: w.logCall }).click();
      const callLog = page.getByTestId("quick-call-log");
      // Exactly: "Contestó" is also inside "No contestó".
      await callLog.locator("label").filter({ hasText: new RegExp(`^${w.connected}$`) }).click();
      await callLog.getByRole("button", { name: w.logCall }).click();
      await expectToast(page, w.callLogged);
      await expect
        .poll(async () => (await api(key, "GET", "/leads?firstTouch=breached")).pagination.total as number, { timeout: 200_000, intervals: [2_000] })
        .toBe(1);
    });

    test("the home widget opens the report; its figures say one touched, one waiting, half missed", async () => {
      await page.goto("/home");
      const widget = page.getByTestId("home-speed-to-lead");
      await expect(widget).toContainText("50 %");
      await page.getByRole("link", { name: w.openReport }).click();
      await expect(page).toHaveURL(/\/reports\/speed-to-lead$/);
      await expect(page.getByRole("heading", { name: w.title, level: 1 })).toBeVisible();
      const totals = page.getByTestId("speed-totals");
      await expect(totals.locator(`[data-figure="${w.missed}"]`)).toContainText("50 %");
      await expect(totals.locator(`[data-figure="${w.waiting}"]`)).toContainText("1");
      await expect(totals.locator(`[data-figure="${w.touched}"]`)).toContainText("1");
      await expect(page.getByTestId("speed-waiting")).toContainText("Valentina");
      await expect(page.getByTestId("speed-waiting")).not.toContainText("Joaquin");
      await expect(page.getByTestId("speed-by-pool")).toContainText("Ventas Centro");
      await expect(page.getByTestId("speed-by-rep")).toContainText(account.name);
      await expect(page.getByTestId("speed-leaderboard")).toContainText(account.name);
      // Nothing wider than the screen, table or cards.
      expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
      await screenshot(page, `speed-report-${language}`);
    });

    test("the missed-deadline figure opens the lead list filtered to the overdue lead", async () => {
      await page.getByTestId("speed-totals").getByRole("link", { name: new RegExp(`^${w.missed}:`) }).click();
      await expect(page).toHaveURL(/\/leads\?touch=breached$/);
      await expect(page.getByText("Valentina").first()).toBeVisible();
      await expect(page.getByText("Joaquin")).toHaveCount(0);
      await screenshot(page, `speed-report-breached-leads-${language}`);
    });
  });
}
