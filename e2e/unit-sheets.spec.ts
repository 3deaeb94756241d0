import { expect, test } from "@playwright/test";
import { dictionaryFor } from "../lib/i18n/dictionaries";
import { newAccount, screenshot, signUp } from "./support/dashboard";

/**
 * Units meet buyers: the agent sends a matching unit from the lead page (a
 * personal sheet link), the buyer opens it on a phone with no session and
 * JavaScript off, presses "I'm interested", and the agent sees the view and
 * the interest on the lead's timeline. In both languages, at every size.
 */
for (const language of ["en", "es"] as const) {
  test(`send a unit, the buyer opens its sheet, the agent sees it (${language})`, async ({ page, browser }, info) => {
    const t = dictionaryFor(language);
    await signUp(page, newAccount(`Sheet${language}`), { language });
    const call = (procedure: string, input: Record<string, unknown>) =>
      page.evaluate(
        async ({ procedure, body }) => {
          const response = await fetch(`/api/trpc/${procedure}`, { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify(body) });
          return ((await response.json()) as { result: { data: { id: string } } }).result.data.id;
        },
        { procedure, body: input },
      );
    await call("projects.create", {
      name: "Torre Norte",
      city: "Zapopan",
      state: "Jalisco",
      address: "Av. Patria 1200",
      currency: "MXN",
      operationType: "sale",
      bedrooms: 2,
      bathrooms: 2,
      description: language === "es" ? "Departamentos con vista al bosque, a 5 minutos de Andares." : "Apartments facing the woods, five minutes from Andares.",
      units: [{ name: "A-1201", price: 4250000, area: 96, type: "apartment" }],
    });
    const leadId = await call("leads.create", {
      firstName: "Lucía",
      lastName: "Hernández",
      phone: "+52 33 1234 5678",
      interest: { currency: "MXN", budgetMax: 5000000, minBedrooms: 2 },
    });

    // The agent sends the unit from the lead's matches.
    await page.goto(`/leads/${leadId}`);
    const matches = page.getByTestId("lead-matches-card");
    await expect(matches).toContainText("A-1201");
    await matches.getByRole("button", { name: t.sheetLinks.sendUnit }).click();
    const sent = matches.getByTestId("sent-sheet-link");
    await expect(sent).toContainText(t.sheetLinks.linkReady);
    const url = (await sent.locator("code").textContent())!.trim();
    expect(url).toMatch(/\/s\/[A-Za-z0-9_-]{43}$/);
    await sent.scrollIntoViewIfNeeded();
    await screenshot(page, `unit-sheets-sent-${language}`);

    // The buyer: another browser, no session, no JavaScript, a phone-sized screen.
    const buyer = await browser.newContext({
      javaScriptEnabled: false,
      viewport: { width: 390, height: 844 },
      isMobile: true,
      hasTouch: true,
      extraHTTPHeaders: { "X-Forwarded-For": `10.200.${language === "es" ? 2 : 1}.${info.parallelIndex + 10}` },
    });
    const sheet = await buyer.newPage();
    const response = await sheet.goto(url);
    expect(response?.status()).toBe(200);
    expect(response?.headers()["x-robots-tag"]).toBe("noindex, nofollow");
    await expect(sheet.getByRole("heading", { name: "A-1201" })).toBeVisible();
    await expect(sheet.getByText(t.sheet.unitOf("Torre Norte"))).toBeVisible();
    await expect(sheet.getByText("4,250,000")).toBeVisible();
    expect(await sheet.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth).catch(() => true)).toBe(true);
    await screenshot(sheet, `unit-sheets-sheet-${language}`);
    await sheet.getByRole("button", { name: t.sheet.interested }).click();
    await expect(sheet.getByRole("status")).toHaveText(t.sheet.interestedDone);
    await screenshot(sheet, `unit-sheets-interested-${language}`);
    await buyer.close();

    // The agent sees the view and the interest on the timeline.
    await page.reload();
    await expect(page.getByText(t.timeline.unitSheetViewed("A-1201", "Torre Norte"))).toBeVisible();
    await expect(page.getByText(t.timeline.interestedInUnit("A-1201", "Torre Norte"))).toBeVisible();
    await page.getByText(t.timeline.unitSheetViewed("A-1201", "Torre Norte")).scrollIntoViewIfNeeded();
    await screenshot(page, `unit-sheets-timeline-${language}`);
  });
}
