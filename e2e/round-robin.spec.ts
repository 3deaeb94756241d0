import { expect, test, type Page } from "@playwright/test";
import { adminCli } from "./support/admin-cli";
import { expectToast, goToSection, newAccount, screenshot, signUp } from "./support/dashboard";

/** Routing: a sales manager sets up a round robin, leads arrive and rotate, an agent goes on vacation. */
test.describe.configure({ mode: "serial" });

let page: Page;
const account = newAccount("Routing");

test.beforeAll(async ({ browser }) => {
  page = await browser.newPage();
  await signUp(page, account);
  const slug = account.organization.toLowerCase().replace(/[^a-z0-9]+/g, "-");
  const tag = slug.split("-").at(-1);
  await adminCli("user", "create", "--org", slug, "--email", `ana-${tag}@example.test`, "--name", "Ana Agent");
  await adminCli("user", "create", "--org", slug, "--email", `bruno-${tag}@example.test`, "--name", "Bruno Agent");
  // The leads page already read the member list: a fresh load shows the two agents the CLI just added.
  await page.reload();
});

test.afterAll(async () => {
  await page.close();
});

async function newLead(firstName: string) {
  await goToSection(page, "Leads");
  await page.getByRole("button", { name: "New lead" }).click();
  const dialog = page.getByRole("dialog", { name: "New lead" });
  await dialog.getByLabel("First name").fill(firstName);
  await dialog.getByLabel("Email").fill(`${firstName.toLowerCase()}@example.com`);
  await dialog.getByRole("button", { name: "Create" }).click();
  await expectToast(page, "Lead created");
  await expect(page.getByTestId("lead-name")).toHaveText(firstName);
}

test("create a pool with an ordered rotation; arriving leads take turns; the lead page says how it was routed", async () => {
  await goToSection(page, "Routing");
  await expect(page.getByText("No round robin pools yet")).toBeVisible();
  await page.getByRole("link", { name: "New pool" }).first().click();

  await page.getByLabel("Name").fill("Inbound team");
  const add = page.getByLabel("Add an agent…");
  // Options: the placeholder, then members by membership age (the owner, Ana, Bruno); each pick leaves the list.
  await add.selectOption({ index: 2 });
  await add.selectOption({ index: 2 });
  const order = page.getByTestId("participants-order");
  await expect(order.getByRole("listitem")).toHaveCount(2);
  // Keyboard way: Bruno moves to the front.
  await page.getByRole("button", { name: "Move Bruno Agent up" }).click();
  await expect(order.getByRole("listitem").first()).toContainText("Bruno Agent");
  await page.getByLabel(/Email the agent on each assignment/).check();
  await screenshot(page, "routing-new-pool");
  await page.getByRole("button", { name: "Create", exact: true }).click();
  await expectToast(page, "Pool created");
  await expect(page.getByRole("heading", { name: "Inbound team", level: 1 })).toBeVisible();
  await expect(page.getByTestId("next-participant")).toContainText("Bruno Agent");

  await newLead("Carla");
  await expect(page.getByTestId("lead-routing")).toContainText("Inbound team");
  await expect(page.getByTestId("lead-routing")).toContainText("Catch-all pool");
  await screenshot(page, "routing-lead-card");
  await newLead("Diego");

  await goToSection(page, "Routing");
  const row = page.getByRole("row", { name: /Inbound team/ });
  await expect(row).toContainText("2 active participants");
  await expect(row.getByRole("cell").nth(2)).toHaveText("2");
  await screenshot(page, "routing-list");
});

test("pause an agent, edit the connections, read the history and the chart", async () => {
  await page.getByRole("link", { name: "Inbound team" }).click();
  await expect(page.getByTestId("next-participant")).toContainText("Bruno Agent");
  await page.getByRole("button", { name: "Pause Bruno Agent" }).click();
  await expectToast(page, "Bruno Agent is paused");
  await expect(page.getByTestId("next-participant")).toContainText("Ana Agent");

  const history = page.getByRole("table", { name: "Assignment history" });
  await expect(history.getByRole("row")).toHaveCount(3);
  await page.getByLabel("Source").selectOption("manual");
  await expect(page.getByText("No assignments yet.")).toBeVisible();
  await page.getByLabel("Source").selectOption("");
  await expect(page.getByTestId("assignments-chart")).not.toContainText("No assignments");
  await screenshot(page, "routing-pool");

  await page.getByRole("link", { name: "Edit" }).click();
  await page.getByRole("button", { name: "Add connection" }).click();
  // Before saving, the form says what a source takes and which of the newest leads the connection would match.
  await expect(page.getByTestId("connection-preview")).toContainText(/^\d+ of the last \d+ leads would match: .*(Carla|Diego)/);
  await page.getByLabel("Source", { exact: true }).selectOption("workflow");
  await expect(page.getByText("Leads that carry this workflow id.")).toBeVisible();
  await page.getByRole("button", { name: "Save" }).click();
  await expect(page.locator("[data-field-error]").first()).toContainText("required when source is workflow");
  await page.getByLabel("Workflow id", { exact: true }).fill("wf-spring");
  await expect(page.getByTestId("connection-preview")).toHaveText(/^None of the last \d+ leads would match this connection\.$/);
  await screenshot(page, "routing-connection-preview");
  await page.getByRole("button", { name: "Save" }).click();
  await expectToast(page, "Pool saved");
  await expect(page.getByText("wf-spring")).toBeVisible();
  await screenshot(page, "routing-pool-connections");
});
