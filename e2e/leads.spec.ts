import { expect, test, type Page } from "@playwright/test";
import { expectToast, newAccount, screenshot, signUpWithForm } from "./support/dashboard";

/**
 * A salesperson's day: sign up, add a lead, find it in the list and on the
 * board, move it to Won, and read what happened on its timeline.
 */
test.describe.configure({ mode: "serial" });

const account = newAccount("Leads");
let page: Page;

test.beforeAll(async ({ browser }) => {
  page = await browser.newPage();
});

test.afterAll(async () => {
  await page.close();
});

test("signing in is required for the dashboard", async () => {
  await page.goto("/leads");
  await expect(page).toHaveURL(/\/login\?callbackUrl=%2Fleads/);
  await expect(page.getByRole("heading", { name: "Sign in to inmo" })).toBeVisible();
  await screenshot(page, "login");
});

test("sign-up creates the organization and signs its owner in", async () => {
  await page.goto("/signup");
  await page.getByRole("button", { name: "Create account" }).click();
  await expect(page.getByText("enter your name")).toBeVisible();
  await screenshot(page, "signup-validation");

  await signUpWithForm(page, account);
  await expect(page.getByRole("heading", { name: "Leads", level: 1 })).toBeVisible();
  await expect(page.getByTestId("active-organization")).toHaveText(account.organization);
  await expect(page.getByText("No leads yet")).toBeVisible();
  await screenshot(page, "leads-empty");
});

test("a lead created in the dashboard shows in the list and on the board", async () => {
  await page.getByRole("button", { name: "New lead" }).click();
  const dialog = page.getByRole("dialog", { name: "New lead" });
  await dialog.getByLabel("First name").fill("Lucía");
  await dialog.getByLabel("Last name").fill("Fernández");
  await dialog.getByLabel("Email").fill("not-an-email");
  await dialog.getByRole("button", { name: "Create" }).click();
  // The server's schema answers; its message appears under the field it concerns.
  await expect(dialog.locator("[data-field-error]").first()).toContainText("valid email");
  await screenshot(page, "lead-create-validation");

  await dialog.getByLabel("Email").fill("lucia@example.com");
  await dialog.getByLabel("Company").fill("Casa Azul");
  await dialog.getByLabel("Estimated value").fill("250000");
  await dialog.getByRole("button", { name: "Create" }).click();
  await expectToast(page, "Lead created");
  await expect(page.getByTestId("lead-name")).toHaveText("Lucía Fernández");

  await page.getByRole("link", { name: "Leads", exact: true }).click();
  await expect(page.getByRole("link", { name: "Lucía Fernández" })).toBeVisible();
  await page.getByRole("searchbox").fill("casa azul");
  await expect(page).toHaveURL(/q=casa\+azul/);
  await expect(page.getByRole("link", { name: "Lucía Fernández" })).toBeVisible();
  await page.getByRole("searchbox").fill("nobody-matches-this");
  await expect(page.getByText("No leads match")).toBeVisible();
  await page.getByRole("button", { name: "Clear filters" }).click();
  await expect(page.getByRole("link", { name: "Lucía Fernández" })).toBeVisible();
  // Stage and assignee filters: a new lead sits in "New" and has no assignee.
  await page.getByLabel("Stage", { exact: true }).selectOption({ label: "Won" });
  await expect(page.getByText("No leads match")).toBeVisible();
  await page.getByLabel("Stage", { exact: true }).selectOption({ label: "New" });
  await page.getByLabel("Assignee", { exact: true }).selectOption({ label: "Unassigned" });
  await expect(page).toHaveURL(/assignee=none/);
  await expect(page.getByRole("link", { name: "Lucía Fernández" })).toBeVisible();
  await page.getByRole("button", { name: "Clear filters" }).click();
  await expect(page.getByRole("link", { name: "Lucía Fernández" })).toBeVisible();
  await screenshot(page, "leads-list");
  // Laptop width: the sidebar stays, the table scrolls sideways instead of squeezing.
  await page.setViewportSize({ width: 1024, height: 720 });
  await screenshot(page, "leads-list-1024");
  await page.setViewportSize({ width: 1366, height: 860 });

  await page.getByRole("link", { name: "Pipeline" }).click();
  const newColumn = page.getByRole("region", { name: "New" });
  await expect(newColumn.locator("[data-lead-card='Lucía Fernández']")).toBeVisible();
  await screenshot(page, "pipeline");
});

test("moving the card to Won updates the lead and its timeline", async () => {
  const card = page.locator("[data-lead-card='Lucía Fernández']");
  // Drag and drop to Contacted…
  await card.dragTo(page.getByRole("region", { name: "Contacted" }));
  await expect(page.getByRole("region", { name: "Contacted" }).locator("[data-lead-card='Lucía Fernández']")).toBeVisible();
  await expectToast(page, "moved to Contacted");
  // …then the keyboard-friendly stage menu to Won.
  await page.getByLabel("Move to stage: Lucía Fernández").selectOption({ label: "Won" });
  const wonColumn = page.getByRole("region", { name: "Won" });
  await expect(wonColumn.locator("[data-lead-card='Lucía Fernández']")).toBeVisible();
  await expectToast(page, "moved to Won");
  await wonColumn.scrollIntoViewIfNeeded();
  await screenshot(page, "pipeline-won");

  await wonColumn.getByRole("link", { name: "Lucía Fernández" }).click();
  await expect(page.getByTestId("lead-name")).toHaveText("Lucía Fernández");
  const timeline = page.getByTestId("lead-timeline");
  await expect(timeline.locator("[data-activity-type='stage_changed']").first()).toContainText("Pipeline stage: Contacted → Won");
});

test("one state follows the lead through its stages: the card, the list and the lead page agree", async () => {
  // On the lead page after the move to Won: the header names one state.
  const header = page.locator("header").filter({ has: page.getByTestId("lead-name") });
  await expect(header.locator("[data-stage]")).toHaveText("Won");
  await expect(header).not.toContainText(/\b(New|Contacted|Qualified)\b/);
  await expect(page.getByText("$250,000").first()).toBeVisible();

  const expectStageEverywhere = async (stage: string) => {
    await page.getByRole("link", { name: "Leads", exact: true }).click();
    const row = page.getByRole("row").filter({ has: page.getByRole("link", { name: "Lucía Fernández" }) });
    await expect(row.locator("[data-stage]")).toHaveText(stage);
    await expect(row).toContainText("$250,000");
    await page.getByRole("link", { name: "Pipeline" }).click();
    const column = page.getByRole("region", { name: stage });
    const card = column.locator("[data-lead-card='Lucía Fernández']");
    await expect(card).toBeVisible();
    await expect(page.locator("[data-lead-card='Lucía Fernández']")).toHaveCount(1);
    await expect(card.getByLabel("Move to stage: Lucía Fernández").locator("option:checked")).toHaveText(stage);
    // The column's sum carries the organization's currency.
    await expect(column).toContainText("Σ $250,000");
    await card.getByRole("link", { name: "Lucía Fernández" }).click();
    await expect(page.getByTestId("lead-name")).toHaveText("Lucía Fernández");
    await expect(header.locator("[data-stage]")).toHaveText(stage);
  };
  await expectStageEverywhere("Won");
  await screenshot(page, "lead-one-state-won");

  // Back through the pipeline to an open stage: every place follows.
  await page.getByRole("link", { name: "Pipeline" }).click();
  await page.getByLabel("Move to stage: Lucía Fernández").selectOption({ label: "Contacted" });
  await expectToast(page, "moved to Contacted");
  await expectStageEverywhere("Contacted");
  await screenshot(page, "lead-one-state-contacted");
});

test("notes and logged calls join the timeline; edits show field errors", async () => {
  await page.getByPlaceholder("Write a note for your team").fill("Wants a 3-bedroom unit facing the park.");
  await page.getByRole("button", { name: "Add note" }).last().click();
  await expectToast(page, "Note added");
  const timeline = page.getByTestId("lead-timeline");
  await expect(timeline.locator("[data-activity-type='note']").first()).toContainText("facing the park");

  await page.getByRole("tab", { name: "Log communication" }).click();
  await page.getByLabel("Type").selectOption("call");
  await page.getByLabel("Direction").selectOption("inbound");
  await page.getByPlaceholder("What was said").fill("Called to confirm the visit on Saturday.");
  await page.getByRole("button", { name: "Log communication" }).last().click();
  await expectToast(page, "Communication logged");
  await expect(timeline.locator("[data-activity-type='call']").first()).toContainText("Inbound");

  await page.getByRole("button", { name: "Edit" }).click();
  const dialog = page.getByRole("dialog", { name: "Edit lead" });
  await dialog.getByLabel("Score (0–100)").fill("150");
  await dialog.getByRole("button", { name: "Save" }).click();
  await expect(dialog.locator("[data-field-error]")).toContainText(/100/);
  await dialog.getByLabel("Score (0–100)").fill("80");
  await dialog.getByLabel("Phone").fill("+34 600 123 456");
  await dialog.getByRole("button", { name: "Save" }).click();
  await expectToast(page, "Lead updated");
  await expect(page.getByRole("link", { name: "+34 600 123 456" })).toBeVisible();
  await screenshot(page, "lead-detail");
});
