import { expect, test, type Page } from "@playwright/test";
import { adminCli } from "./support/admin-cli";
import { newAccount, screenshot, signIn, signUp } from "./support/dashboard";
import { E2E_ORIGIN } from "./support/e2e-environment";

/** Home: an admin and a member land on the overview; the admin reads the usage page. */
test.describe.configure({ mode: "serial" });

let page: Page;
const admin = newAccount("Home");
const memberPassword = "another correct horse staple";
let memberEmail = "";
let slug = "";

async function api(key: string, path: string, body?: unknown) {
  // The organization is held to 3 requests a second.
  await new Promise((resolve) => setTimeout(resolve, 400));
  const response = await fetch(`${E2E_ORIGIN}/api/v1${path}`, {
    method: body === undefined ? "GET" : "POST",
    headers: { Authorization: `Bearer ${key}`, ...(body === undefined ? {} : { "Content-Type": "application/json" }) },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  expect(response.status).toBeLessThan(300);
  return response.json();
}

/** Both widths the overview is checked at. */
async function shoot(p: Page, name: string) {
  for (const width of [1366, 1024]) {
    await p.setViewportSize({ width, height: 900 });
    await screenshot(p, `${name}-${width}`);
  }
}

test.beforeAll(async ({ browser }) => {
  page = await browser.newPage();
  await signUp(page, admin);
  slug = admin.organization.toLowerCase().replace(/[^a-z0-9]+/g, "-");
  const tag = slug.split("-").at(-1);
  memberEmail = `marta-${tag}@example.test`;
  const member = await adminCli<{ userId: string }>(
    "user", "create", "--org", slug, "--email", memberEmail, "--name", "Marta Member", "--role", "member", "--password", memberPassword,
  );
  const { key } = await adminCli<{ key: string }>("key", "create", "--org", slug, "--name", "Portal sync", "--scopes", "all");
  const leads = [
    { firstName: "Lucia", source: "website", assignedToId: member.userId },
    { firstName: "Mateo", source: "website", assignedToId: member.userId },
    { firstName: "Sofia", source: "referral", assignedToId: member.userId, estimatedValue: 250000 },
    { firstName: "Diego", source: "event" },
  ];
  for (const lead of leads) await api(key, "/leads", { ...lead, email: `${lead.firstName.toLowerCase()}-${tag}@example.test` });
  await api(key, "/me");
});

test.afterAll(async () => {
  await page.close();
});

test("an admin lands on the overview: team charts with table fallbacks and links to the lead list", async () => {
  await page.goto("/");
  await expect(page).toHaveURL(/\/home$/);
  await expect(page.getByRole("heading", { name: "Home", level: 1 })).toBeVisible();
  const newLeads = page.getByTestId("home-new-leads");
  // The accessible table is in the page even while the chart shows.
  await expect(newLeads.getByRole("table")).toContainText("4");
  await expect(page.getByTestId("home-per-member").getByRole("table")).toContainText("Marta Member");
  await expect(page.getByTestId("home-funnel").getByRole("table")).toContainText("New");
  await expect(page.getByTestId("home-attention")).toContainText("Nothing waiting");
  await shoot(page, "home-admin");

  await page.getByRole("radio", { name: "30 days" }).click();
  await page.getByRole("button", { name: "Show as table" }).first().click();
  await expect(newLeads.getByRole("table")).toBeVisible();
  await page.getByTestId("home-per-member").getByRole("link", { name: "Marta Member (3)" }).click();
  await expect(page).toHaveURL(/\/leads\?assignee=/);
  await expect(page.getByText("Sofia").first()).toBeVisible();
});

test("the usage page shows the month against the limit and the requests per credential", async () => {
  await page.goto("/settings/usage");
  await expect(page.getByRole("link", { name: "Usage" })).toHaveAttribute("aria-current", "page");
  await expect(page.getByTestId("usage-current")).toContainText("This month");
  await expect(page.getByTestId("usage-current")).toContainText("of 50,000");
  // The key's requests are written a second after they were made.
  await expect(async () => {
    await page.reload();
    await expect(page.getByTestId("usage-daily").getByRole("table")).toContainText("Portal sync", { timeout: 2_000 });
  }).toPass({ timeout: 60_000 });
  await shoot(page, "usage");
});

test("a member lands on the overview with their leads needing attention; the usage page is not theirs", async ({ browser }) => {
  const memberPage = await browser.newPage();
  await signIn(memberPage, memberEmail, memberPassword);
  await memberPage.goto("/home");
  const attention = memberPage.getByTestId("home-attention");
  for (const name of ["Lucia", "Mateo", "Sofia"]) await expect(attention.getByRole("link", { name })).toBeVisible();
  await expect(attention).not.toContainText("Diego");
  await shoot(memberPage, "home-member");
  // On a phone's width the charts shrink with the page: nothing scrolls sideways.
  await memberPage.setViewportSize({ width: 390, height: 844 });
  await expect(memberPage.getByTestId("home-per-member")).toBeVisible();
  expect(await memberPage.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth)).toBeLessThanOrEqual(0);
  await memberPage.goto("/settings/usage");
  await expect(memberPage.getByTestId("usage-current")).toHaveCount(0);
  await memberPage.close();
});
