import { expect, test, type Page } from "@playwright/test";
import { expectToast, goToSection, newAccount, screenshot, signUp } from "./support/dashboard";

/** Call sequences: a manager builds an audience, launches, pauses and resumes; the calls land in the queue and get worked. */
test.describe.configure({ mode: "serial" });

let page: Page;
const account = newAccount("Sequences");

test.beforeAll(async ({ browser }) => {
  page = await browser.newPage();
  await signUp(page, account);
});

test.afterAll(async () => {
  await page.close();
});

async function newLead(firstName: string, phone: string) {
  await goToSection(page, "Leads");
  await page.getByRole("button", { name: "New lead" }).click();
  const dialog = page.getByRole("dialog", { name: "New lead" });
  await dialog.getByLabel("First name").fill(firstName);
  await dialog.getByLabel("Phone").fill(phone);
  await dialog.getByRole("button", { name: "Create" }).click();
  await expectToast(page, "Lead created");
}

test("create a draft with a live audience count, launch, pause and resume", async () => {
  await newLead("Marta", "+34 600 000 001");
  await newLead("Nico", "+34 600 000 002");
  await newLead("Olga", "+34 600 000 003");

  await goToSection(page, "Sequences");
  await expect(page.getByText("No sequences yet")).toBeVisible();
  await page.getByRole("link", { name: "New sequence" }).first().click();
  await page.getByLabel("Name").fill("Spring follow-ups");
  await expect(page.getByTestId("audience-count")).toHaveText("3 eligible leads");
  await page.getByRole("group", { name: "Statuses" }).getByLabel("Won").check();
  await expect(page.getByTestId("audience-count")).toHaveText("0 eligible leads");
  await page.getByRole("group", { name: "Statuses" }).getByLabel("Won").uncheck();
  await expect(page.getByTestId("audience-count")).toHaveText("3 eligible leads");
  // Always open, so the journey does not depend on the hour it runs at.
  await page.getByLabel("Calls per minute").fill("60");
  await page.getByLabel("From").fill("00:00");
  await page.getByLabel("Until").fill("23:59");
  for (const day of ["Sat", "Sun"]) await page.getByLabel(day, { exact: true }).check();
  await screenshot(page, "sequences-new");
  await page.getByRole("button", { name: "Create", exact: true }).click();
  await expectToast(page, "Sequence created");
  await expect(page.getByRole("heading", { name: "Spring follow-ups", level: 1 })).toBeVisible();
  // The draft says what a launch would do: the audience by launch's own rule, and the pace.
  await expect(page.getByTestId("draft-audience")).toHaveText("3 leads would be enrolled");
  await expect(page.getByTestId("draft-pacing")).toHaveText(/^Up to 60 calls a minute, 00:00–23:59 \(.+\), Mon, Tue, Wed, Thu, Fri, Sat, Sun$/);
  await screenshot(page, "sequences-draft");

  await page.getByRole("button", { name: "Launch" }).click();
  await page.getByRole("dialog").getByRole("button", { name: "Launch" }).click();
  await expectToast(page, "Sequence launched: 3 contacts enrolled");
  await expect(page.getByTestId("progress-sent")).toHaveText("3", { timeout: 30_000 });
  await screenshot(page, "sequences-detail");
  await expect(page.getByTestId("draft-audience")).toHaveCount(0);
  // A launched sequence's edit page shows what it runs with, and nothing can be changed there.
  const detail = page.url();
  await page.goto(`${detail}/edit`);
  await expect(page.getByTestId("sequence-read-only")).toContainText("can no longer change");
  await expect(page.getByLabel("Name")).toBeDisabled();
  await expect(page.getByLabel("Calls per minute")).toBeDisabled();
  await expect(page.getByRole("button", { name: "Save" })).toHaveCount(0);
  await screenshot(page, "sequences-edit-read-only");
  await page.goto(detail);

  await goToSection(page, "Sequences");
  await expect(page.getByRole("row", { name: /Spring follow-ups/ })).toContainText("Completed");
  await screenshot(page, "sequences-list");
});

test("work the call queue: click-to-call and outcomes", async () => {
  await goToSection(page, "Calls to make");
  await expect(page.getByRole("link", { name: /^Call / })).toHaveAttribute("href", /^tel:\+34600000/);
  const first = await page.getByTestId("next-call-lead").textContent();
  await screenshot(page, "sequences-call-queue");
  await page.getByLabel("Note").fill("Wants a visit on Friday");
  await page.getByRole("button", { name: "Connected" }).click();
  await expectToast(page, "Call logged");
  await expect(page.getByTestId("next-call-lead")).not.toHaveText(first ?? "");
  await page.getByRole("button", { name: "No answer" }).click();
  await expectToast(page, "Call logged");
  await page.getByRole("button", { name: "Do not call" }).click();
  await expectToast(page, "Call logged");
  await expect(page.getByText("No calls to make right now.")).toBeVisible();
});

test("pause and resume a running sequence", async () => {
  await newLead("Pablo", "+34 600 000 004");
  await goToSection(page, "Sequences");
  await page.getByRole("link", { name: "New sequence" }).first().click();
  await page.getByLabel("Name").fill("Slow lane");
  // One call a minute inside a window that is open now: after the first call the second waits, so pause finds it pending.
  await page.getByLabel("Calls per minute").fill("1");
  await page.getByLabel("From").fill("00:00");
  await page.getByLabel("Until").fill("23:59");
  for (const day of ["Sat", "Sun"]) await page.getByLabel(day, { exact: true }).check();
  await page.getByRole("button", { name: "Create", exact: true }).click();
  await expectToast(page, "Sequence created");
  await page.getByRole("button", { name: "Launch" }).click();
  await page.getByRole("dialog").getByRole("button", { name: "Launch" }).click();
  await expectToast(page, /Sequence launched/);
  await page.getByRole("button", { name: "Pause" }).click();
  await page.getByRole("dialog").getByRole("button", { name: "Pause" }).click();
  await expectToast(page, "Sequence paused");
  await expect(page.getByText("Paused").first()).toBeVisible();
  await page.getByRole("button", { name: "Resume" }).click();
  await page.getByRole("dialog").getByRole("button", { name: "Resume" }).click();
  await expectToast(page, "Sequence resumed");
  await expect(page.getByText("Running").first()).toBeVisible();
  await screenshot(page, "sequences-resumed");
});

test("mark a lead do not call from its page: its timeline records the change, in English and in Spanish", async () => {
  await goToSection(page, "Leads");
  await page.getByRole("link", { name: "Pablo", exact: true }).click();
  await expect(page.getByRole("heading", { name: "Pablo", level: 1 })).toBeVisible();
  const leadUrl = page.url();
  const timeline = page.getByTestId("lead-timeline");
  // The box follows the server's answer (a controlled checkbox), so click and wait for it.
  await page.getByRole("checkbox", { name: "Do not call" }).click();
  await expectToast(page, "Marked do not call");
  await expect(page.getByRole("checkbox", { name: "Do not call" })).toBeChecked();
  // The same change as editing the field: an "Updated" entry by the member, as integrators get lead.updated.
  await expect(timeline.getByText("Do not call: No → Yes")).toBeVisible();
  await screenshot(page, "sequences-lead-do-not-call");

  await page.getByRole("link", { name: "Settings", exact: true }).click();
  await page.getByRole("link", { name: "Organization" }).click();
  await page.getByLabel("Language").selectOption("es");
  await page.getByRole("button", { name: "Save" }).click();
  await expect(page.getByRole("heading", { name: "Configuración", level: 1 })).toBeVisible();
  await page.goto(leadUrl);
  await page.getByRole("checkbox", { name: "No llamar" }).click();
  await expectToast(page, "Se quitó la marca de no llamar");
  await expect(page.getByRole("checkbox", { name: "No llamar" })).not.toBeChecked();
  await expect(timeline.getByText("No llamar: Sí → No")).toBeVisible();
  await expect(timeline.getByText("No llamar: No → Sí")).toBeVisible();
  await screenshot(page, "sequences-lead-do-not-call-es");
});
