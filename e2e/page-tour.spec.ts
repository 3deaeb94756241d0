import { expect, test, type Page } from "@playwright/test";
import { expectToast, newAccount, screenshot, signUp } from "./support/dashboard";

/**
 * Every dashboard page that can be reached by following links from the
 * Leads page (the main sections, their tabs, a lead, a project), found by
 * crawling rather than listed, so pages added later are checked too. On
 * each: nothing scrolls sideways (document.scrollingElement.scrollWidth <=
 * clientWidth) at the four widths people use — the phone project's 390 px
 * and 360 px (the narrowest phone in common use), the tablet project's
 * 768 px and 1024 px (a tablet held sideways, or a small laptop) — and a
 * screenshot at each for a person to look at,
 * e2e/screenshots/<project>-page-<route>[-<width>].png. The tablet run also
 * checks that the pipeline board shows all its stages at 1366 px.
 */
const MORE_WIDTHS: Record<string, number[]> = { phone: [360], tablet: [1024] };
/** A common laptop, where the pipeline board shows every stage of the default pipeline. */
const LAPTOP_WIDTH = 1366;
const MAX_PAGES = 60;

/** A route's shape: ids become ":id", so /leads/lead_a and /leads/lead_b count once. */
function routeOf(pathname: string): string {
  return pathname
    .replace(/\/[a-z]+_[A-Za-z0-9_-]{6,}(?=\/|$)/g, "/:id")
    .replace(/\/[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}(?=\/|$)/gi, "/:id");
}

function screenshotName(route: string): string {
  return `page${route.replace(/[/:]+/g, "-").replace(/-+$/, "") || "-home"}`;
}

async function waitUntilLoaded(page: Page) {
  await expect(page.locator("main h1").first()).toBeVisible();
  await expect(page.locator("main").getByText("Loading…")).toHaveCount(0);
}

async function sidewaysOverflow(page: Page): Promise<number> {
  return page.evaluate(() => {
    const root = document.scrollingElement ?? document.documentElement;
    return root.scrollWidth - root.clientWidth;
  });
}

/** The stages of the pipeline board whose column is not wholly in view at `width` (a laptop), after a screenshot there. */
async function stagesOutOfView(page: Page, width: number): Promise<string[]> {
  const size = page.viewportSize() ?? { width: 768, height: 1024 };
  await page.setViewportSize({ width, height: 900 });
  await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))));
  await screenshot(page, `page-pipeline-${width}`);
  const hidden = await page.getByTestId("pipeline-board").evaluate((board) => {
    const edge = board.getBoundingClientRect();
    return [...board.querySelectorAll<HTMLElement>("section[data-stage]")]
      .filter((column) => {
        const box = column.getBoundingClientRect();
        return box.left < edge.left - 0.5 || box.right > edge.right + 0.5;
      })
      .map((column) => column.dataset.stage ?? "?");
  });
  await page.setViewportSize(size);
  return hidden;
}

async function seed(page: Page) {
  // A lead and a project with a unit, so their pages exist and their lists have a row.
  await page.getByRole("button", { name: "New lead" }).click();
  const leadDialog = page.getByRole("dialog", { name: "New lead" });
  await leadDialog.getByLabel("First name").fill("Bartolomé Esteban");
  await leadDialog.getByLabel("Last name").fill("Murillo-Villavicencio");
  await leadDialog.getByLabel("Email").fill("bartolome.esteban.murillo-villavicencio@an-unusually-long-domain.example.com");
  await leadDialog.getByLabel("Phone").fill("+34 611 000 111");
  await leadDialog.getByLabel("Company").fill("Promociones Inmobiliarias del Guadalquivir Sociedad Limitada");
  await leadDialog.getByRole("button", { name: "Create" }).click();
  await expectToast(page, "Lead created");
  await page.goto("/projects/new");
  await page.getByLabel("Name").fill("Residencial Jardines de la Alameda, fase II");
  await page.getByRole("button", { name: "New project" }).click();
  await expectToast(page, "Project created");
  await expect(page.getByRole("heading", { name: /Residencial Jardines/, level: 1 })).toBeVisible();
  await page.getByRole("button", { name: "Add unit" }).first().click();
  const unitDialog = page.getByRole("dialog", { name: "Add unit" });
  await unitDialog.getByLabel("Name").fill("Ático 4ºB con terraza");
  await unitDialog.getByLabel(/Price/).fill("385000");
  await unitDialog.getByRole("button", { name: "Add unit" }).click();
  await expectToast(page, "Unit added");
}

test("no dashboard page scrolls sideways at 360, 390, 768 or 1024 px", async ({ page }, testInfo) => {
  test.setTimeout(600_000);
  const moreWidths = MORE_WIDTHS[testInfo.project.name] ?? [];
  await signUp(page, newAccount("Tour"));
  await seed(page);

  const queue = ["/leads"];
  const visited = new Map<string, string>();
  const overflowing: string[] = [];
  const hiddenStages: string[] = [];
  while (queue.length > 0 && visited.size < MAX_PAGES) {
    const url = queue.shift() as string;
    const route = routeOf(new URL(url, "http://x").pathname);
    if (visited.has(route)) continue;
    await page.goto(url);
    const landed = new URL(page.url()).pathname;
    visited.set(route, landed);
    await waitUntilLoaded(page);
    if ((await sidewaysOverflow(page)) > 0) overflowing.push(`${route} at ${page.viewportSize()?.width} px`);
    await screenshot(page, screenshotName(route));
    const size = page.viewportSize() ?? { width: 390, height: 844 };
    for (const width of moreWidths) {
      await page.setViewportSize({ width, height: size.height });
      // Components that follow the width (media queries read in React) render again first.
      await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))));
      if ((await sidewaysOverflow(page)) > 0) overflowing.push(`${route} at ${width} px`);
      await screenshot(page, `${screenshotName(route)}-${width}`);
    }
    await page.setViewportSize(size);
    if (route === "/pipeline" && testInfo.project.name === "tablet") hiddenStages.push(...(await stagesOutOfView(page, LAPTOP_WIDTH)));
    const links = await page.locator("a[href^='/']").evaluateAll((anchors) => anchors.map((anchor) => anchor.getAttribute("href") ?? ""));
    for (const href of links) {
      const pathname = new URL(href, "http://x").pathname;
      if (/^\/(api|login|signup)(\/|$)/.test(pathname) || pathname === "/") continue;
      if (!visited.has(routeOf(pathname))) queue.push(pathname);
    }
  }

  const routes = [...visited.keys()].sort();
  await testInfo.attach("pages checked", { body: routes.join("\n"), contentType: "text/plain" });
  process.stdout.write(`[${testInfo.project.name}] pages checked: ${routes.join(", ")}\n`);
  // The sections that exist today must have been found (the crawl can only add to these).
  for (const route of ["/home", "/leads", "/leads/:id", "/pipeline", "/projects", "/projects/:id", "/projects/new", "/profile", "/settings/members", "/leads/import", "/settings/instant-reply", "/settings/organization", "/settings/usage"]) {
    expect(routes).toContain(route);
  }
  expect(overflowing, "pages that scroll sideways").toEqual([]);
  expect(hiddenStages, `pipeline stages out of view at ${LAPTOP_WIDTH} px`).toEqual([]);
});
