import { expect, test, type Page } from "@playwright/test";
import { expectToast, newAccount, screenshot, signUp } from "./support/dashboard";

/** The catalog: a development with its units, created and kept up to date from the dashboard. */
test.describe.configure({ mode: "serial" });

let page: Page;

test.beforeAll(async ({ browser }) => {
  page = await browser.newPage();
  await signUp(page, newAccount("Catalog"));
});

test.afterAll(async () => {
  await page.close();
});

test("create a project, add units and change their status", async () => {
  await page.getByRole("link", { name: "Projects" }).click();
  await expect(page.getByText("No projects yet")).toBeVisible();
  await page.getByRole("link", { name: "New project" }).first().click();

  await page.getByRole("button", { name: "New project" }).click();
  await expect(page.locator("[data-field-error]").first()).toContainText("must not be empty");
  await page.getByLabel("Name").fill("Torre Mirador");
  await page.getByLabel("Type").selectOption("apartment");
  await page.getByLabel("Developer").fill("Grupo Horizonte");
  await page.getByLabel("City").fill("Valencia");
  await page.getByLabel("Currency").selectOption("EUR");
  await page.getByLabel("Status").selectOption("published");
  await screenshot(page, "project-new");
  await page.getByRole("button", { name: "New project" }).click();
  await expectToast(page, "Project created");
  await expect(page.getByRole("heading", { name: "Torre Mirador", level: 1 })).toBeVisible();
  await expect(page.getByText("No units yet")).toBeVisible();

  for (const [name, price] of [["A-101", "185000"], ["B-204", "240000"]] as const) {
    await page.getByRole("button", { name: "Add unit" }).first().click();
    const dialog = page.getByRole("dialog", { name: "Add unit" });
    await dialog.getByLabel("Name").fill(name);
    await dialog.getByLabel(/Price/).fill(price);
    await dialog.getByLabel("Area (m²)").fill("92");
    await dialog.getByRole("button", { name: "Add unit" }).click();
    await expectToast(page, "Unit added");
  }
  const row = page.getByRole("row", { name: /A-101/ });
  await expect(row.locator("[data-unit-status='available']")).toBeVisible();
  await row.getByLabel("Status: A-101").selectOption("reserved");
  await expectToast(page, "A-101 status updated");
  await expect(row.locator("[data-unit-status='reserved']")).toBeVisible();

  await page.getByRole("row", { name: /B-204/ }).getByRole("button", { name: "Edit" }).click();
  const edit = page.getByRole("dialog", { name: "Edit unit" });
  await edit.getByLabel(/Price/).fill("-5");
  await edit.getByRole("button", { name: "Save" }).click();
  await expect(edit.locator("[data-field-error]")).toContainText("must be at least 0");
  await edit.getByLabel(/Price/).fill("235000");
  await edit.getByRole("button", { name: "Save" }).click();
  await expectToast(page, "Unit updated");
  await screenshot(page, "project-detail");

  await page.getByRole("button", { name: "Edit", exact: true }).first().click();
  const editProject = page.getByRole("dialog", { name: "Edit project" });
  await editProject.getByLabel("Bedrooms").fill("3");
  await editProject.getByRole("button", { name: "Save" }).click();
  await expectToast(page, "Project updated");

  await page.getByRole("link", { name: "Projects" }).first().click();
  const listed = page.getByRole("row", { name: /Torre Mirador/ });
  await expect(listed).toContainText("Published");
  await expect(listed).toContainText("2");
  await screenshot(page, "projects-list");
});
