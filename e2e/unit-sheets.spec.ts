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

/** A photo any https address answers with in the visitor's browser (the test has no network): a coloured square with its number. */
const photoSvg = (n: number) =>
  `<svg xmlns="http://www.w3.org/2000/svg" width="800" height="600"><rect width="800" height="600" fill="${["#8fb3a0", "#c9a77c", "#8ca3c7"][n % 3]}"/><text x="400" y="320" font-size="64" text-anchor="middle" fill="#fff" font-family="sans-serif">Foto ${n}</text></svg>`;

/**
 * A link for anyone, with the unit's photos: the agent adds them in the unit
 * form, a visitor opens the sheet (JavaScript off, at this project's size),
 * scrolls the photos, is told what is missing in the form, leaves a name and
 * phone, and the agent finds the new lead in the list.
 */
for (const language of ["en", "es"] as const) {
  test(`a public sheet shows the unit's photos and takes a visitor's details (${language})`, async ({ page, browser }, info) => {
    const t = dictionaryFor(language);
    await signUp(page, newAccount(`Public${language}`), { language });
    const call = <T,>(procedure: string, input: Record<string, unknown>) =>
      page.evaluate(
        async ({ procedure, body }) => {
          const response = await fetch(`/api/trpc/${procedure}`, { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify(body) });
          return ((await response.json()) as { result: { data: unknown } }).result.data;
        },
        { procedure, body: input },
      ) as Promise<T>;
    const project = await call<{ id: string }>("projects.create", {
      name: "Torre Norte",
      city: "Zapopan",
      state: "Jalisco",
      address: "Av. Patria 1200",
      currency: "MXN",
      operationType: "sale",
      bedrooms: 2,
      bathrooms: 2,
      units: [{ name: "A-1201", price: 4250000, area: 96, type: "apartment" }],
    });

    // The agent adds the photos in the unit's form, one address per line.
    await page.goto(`/projects/${project.id}`);
    await page.getByRole("button", { name: t.common.edit }).last().click();
    const dialog = page.getByRole("dialog");
    await dialog.getByLabel(t.projects.unitFields.photos).fill([1, 2, 3].map((n) => `https://images.example.com/a-1201/${n}.svg`).join("\n"));
    await screenshot(page, `unit-sheets-photos-form-${language}`, { viewportOnly: true });
    await dialog.getByRole("button", { name: t.common.save }).click();
    await expect(dialog).toBeHidden();

    const read = await page.evaluate(async (projectId) => {
      const response = await fetch(`/api/trpc/projects.get?input=${encodeURIComponent(JSON.stringify({ projectId }))}`);
      return ((await response.json()) as { result: { data: { units: { id: string; photos: string[] }[] } } }).result.data;
    }, project.id);
    const unitId = read.units[0]!.id;
    expect(read.units[0]!.photos).toHaveLength(3);
    const link = await call<{ url: string }>("sheets.create", { projectId: project.id, unitId });

    const visitor = await browser.newContext({
      javaScriptEnabled: false,
      viewport: page.viewportSize() ?? { width: 390, height: 844 },
      isMobile: info.project.name === "phone",
      hasTouch: info.project.name !== "desktop",
      extraHTTPHeaders: { "X-Forwarded-For": `10.201.${language === "es" ? 2 : 1}.${info.parallelIndex + 10}` },
    });
    await visitor.route("https://images.example.com/**", (route) => {
      const n = Number(/(\d+)\.svg$/.exec(route.request().url())?.[1] ?? 0);
      return route.fulfill({ contentType: "image/svg+xml", body: photoSvg(n) });
    });
    const sheet = await visitor.newPage();
    expect((await sheet.goto(link.url))?.status()).toBe(200);
    const photos = sheet.locator(".photos img");
    await expect(photos).toHaveCount(3);
    await expect(photos.nth(0)).toHaveAttribute("loading", "eager");
    await expect(photos.nth(2)).toHaveAttribute("loading", "lazy");
    await expect(photos.nth(0)).toHaveAttribute("referrerpolicy", "no-referrer");
    expect(await sheet.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth).catch(() => true)).toBe(true);
    await screenshot(sheet, `unit-sheets-public-${language}`);

    // Nothing filled in: the form comes back with what is missing.
    await sheet.getByRole("button", { name: t.sheet.interested }).click();
    await expect(sheet.getByRole("alert")).toContainText(t.sheet.formNameMissing);
    await expect(sheet.getByRole("alert")).toContainText(t.sheet.formContactMissing);
    await sheet.getByRole("alert").scrollIntoViewIfNeeded();
    await screenshot(sheet, `unit-sheets-public-errors-${language}`, { viewportOnly: true });

    await sheet.getByLabel(t.sheet.formName).fill("Rosa Pérez");
    await sheet.getByLabel(t.sheet.formPhone).fill("+52 33 9876 5432");
    await sheet.getByRole("button", { name: t.sheet.interested }).click();
    await expect(sheet.getByRole("status")).toHaveText(t.sheet.formThanks);
    await screenshot(sheet, `unit-sheets-public-thanks-${language}`);
    await visitor.close();

    // The agent finds the visitor as a lead.
    await page.goto("/leads");
    await expect(page.getByText("Rosa Pérez").first()).toBeVisible();
  });
}
