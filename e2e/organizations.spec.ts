import { expect, test, type Page } from "@playwright/test";
import { adminCli } from "./support/admin-cli";
import { expectToast, newAccount, screenshot, signInWithForm, signUp } from "./support/dashboard";

/**
 * One person in several organizations switches between them, and each
 * organization's data stays its own. A plain member reaches the sales views
 * but not Settings, whatever address they type.
 */
test.describe.configure({ mode: "serial" });

const owner = newAccount("Switcher");
let page: Page;

test.beforeAll(async ({ browser }) => {
  page = await browser.newPage();
  await signUp(page, owner);
});

test.afterAll(async () => {
  await page.close();
});

async function createLead(firstName: string) {
  await page.getByRole("button", { name: "New lead" }).click();
  const dialog = page.getByRole("dialog", { name: "New lead" });
  await dialog.getByLabel("First name").fill(firstName);
  await dialog.getByLabel("Phone").fill("+1 555 0100");
  await dialog.getByRole("button", { name: "Create" }).click();
  await expectToast(page, "Lead created");
}

async function switchTo(name: string) {
  await page.getByRole("button", { name: "Switch organization" }).click();
  await page.getByRole("menuitem", { name }).click();
  await expect(page.getByTestId("active-organization")).toHaveText(name);
  await expect(page).toHaveURL(/\/leads$/);
}

test("the switcher creates a second organization and moves between them", async () => {
  await createLead("Alba");
  await page.getByRole("button", { name: "Switch organization" }).click();
  await screenshot(page, "organization-switcher");
  await page.getByRole("menuitem", { name: "New organization" }).click();
  const dialog = page.getByRole("dialog", { name: "New organization" });
  await dialog.getByLabel("Organization name").fill("Second Office");
  await dialog.getByRole("button", { name: "Create" }).click();
  await expect(page.getByTestId("active-organization")).toHaveText("Second Office");
  await expect(page.getByText("No leads yet")).toBeVisible();

  await createLead("Bruno");
  await page.getByRole("link", { name: "Leads", exact: true }).click();
  await expect(page.getByRole("link", { name: "Bruno", exact: true })).toBeVisible();
  await expect(page.getByRole("link", { name: "Alba", exact: true })).toHaveCount(0);

  await switchTo(owner.organization);
  await expect(page.getByRole("link", { name: "Alba", exact: true })).toBeVisible();
  await expect(page.getByRole("link", { name: "Bruno", exact: true })).toHaveCount(0);

  await switchTo("Second Office");
  await expect(page.getByRole("link", { name: "Bruno", exact: true })).toBeVisible();
});

test("a member works with leads but cannot open Settings", async ({ browser }) => {
  const organizations = await page.request.get("/api/trpc/account.organizations");
  const { result } = (await organizations.json()) as { result: { data: { activeOrganizationId: string } } };
  const member = newAccount("Member");
  await adminCli("user", "create", "--org", result.data.activeOrganizationId, "--email", member.email, "--name", member.name, "--role", "member", "--password", member.password);

  const memberPage = await browser.newPage();
  await memberPage.goto("/login");
  await memberPage.getByLabel("Work email").fill(member.email);
  await memberPage.getByLabel("Password").fill("not the password");
  await memberPage.getByRole("button", { name: "Sign in" }).click();
  await expect(memberPage.getByRole("alert").filter({ hasText: "don't match an account" })).toBeVisible();
  await signInWithForm(memberPage, member.email, member.password);
  await expect(memberPage.getByTestId("active-organization")).toHaveText("Second Office");
  await expect(memberPage.getByRole("link", { name: "Bruno", exact: true })).toBeVisible();
  await expect(memberPage.getByRole("link", { name: "Settings", exact: true })).toHaveCount(0);

  await memberPage.goto("/settings/api-keys");
  await expect(memberPage.getByText("You don't have access")).toBeVisible();
  await expect(memberPage.getByRole("button", { name: "Create API key" })).toHaveCount(0);
  await screenshot(memberPage, "settings-member-no-access");
  // The procedures refuse too, not only the page.
  const keys = await memberPage.request.get("/api/trpc/settings.apiKeys.list");
  expect(keys.status()).toBe(403);
  await memberPage.close();

  await page.getByRole("link", { name: "Settings", exact: true }).click();
  await page.getByRole("link", { name: "Members" }).click();
  await expect(page.getByRole("row", { name: new RegExp(member.email) })).toContainText("Member");
});

test("signing out ends the session", async () => {
  await page.getByRole("button", { name: "Sign out", exact: true }).click();
  await expect(page).toHaveURL(/\/login/);
  await page.goto("/projects");
  await expect(page).toHaveURL(/\/login\?callbackUrl=%2Fprojects/);
  expect((await page.request.get("/api/trpc/account.organizations")).status()).toBe(401);
});
