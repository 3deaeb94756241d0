import { expect, test, type Locator, type Page } from "@playwright/test";
import { dictionaryFor } from "../lib/i18n/dictionaries";
import { newAccount, screenshot, signUp } from "./support/dashboard";

/**
 * Every dashboard form shows what the server refused: each is filled with a
 * value that passes the browser (the forms are `noValidate`) and that the
 * server refuses, and the server's reason must be visible next to the field
 * it concerns (wired to it as its accessible description) or at the top of
 * the form. The webhook form's refused URL included: the dashboard door
 * names the field as the form does.
 */
test.describe.configure({ mode: "serial" });

const t = dictionaryFor("en");
let page: Page;

/** The server's reason, visible under `field` and read with it by screen readers. */
async function expectRefused(field: Locator, reason: RegExp) {
  await expect(field).toHaveAccessibleDescription(reason);
  await expect(field.locator("xpath=ancestor::div[1]").locator("[data-field-error]")).toBeVisible();
}

test.beforeAll(async ({ browser }) => {
  page = await browser.newPage();
  await signUp(page, newAccount("Refused"));
});

test.afterAll(async () => {
  await page.close();
});

test("leads: new and edit", async () => {
  await page.goto("/leads");
  await page.getByRole("button", { name: t.leads.newLead }).click();
  const create = page.getByRole("dialog", { name: t.leads.newLead });
  await create.getByLabel(t.leads.fields.firstName).fill("Martina");
  await create.getByLabel(t.leads.fields.email).fill("martina@");
  await create.getByRole("button", { name: t.common.create }).click();
  await expectRefused(create.getByLabel(t.leads.fields.email), /valid email/);
  await screenshot(page, "form-error-new-lead");

  await create.getByLabel(t.leads.fields.email).fill("martina.rojas@example.com");
  await create.getByRole("button", { name: t.common.create }).click();
  await expect(page.getByTestId("lead-name")).toHaveText("Martina");
  await page.getByRole("button", { name: t.common.edit }).first().click();
  const edit = page.getByRole("dialog", { name: t.leads.editTitle });
  await edit.getByLabel(t.leads.fields.score).fill("150");
  await edit.getByRole("button", { name: t.common.save }).click();
  await expectRefused(edit.getByLabel(t.leads.fields.score), /100/);
  await screenshot(page, "form-error-edit-lead");
  await edit.getByRole("button", { name: t.common.cancel }).click();
});

test("projects: a new project without a name", async () => {
  await page.goto("/projects/new");
  await page.getByRole("button", { name: t.projects.newProject }).click();
  await expectRefused(page.getByLabel(t.projects.fields.name), /must not be empty/);
});

test("sequences: a new sequence calling zero times a minute", async () => {
  await page.goto("/sequences/new");
  await page.getByLabel(t.sequences.fields.name).fill("Llamadas de otoño");
  await page.getByLabel(t.sequences.fields.maxPerMinute).fill("0");
  await page.getByRole("button", { name: t.common.create, exact: true }).click();
  await expectRefused(page.getByLabel(t.sequences.fields.maxPerMinute), /at least 1/);
  await screenshot(page, "form-error-sequence");
});

test("settings: organization, invitation, API key, webhook and team", async () => {
  await page.goto("/settings/organization");
  await page.getByLabel(t.settings.org.name).fill("");
  await page.getByRole("button", { name: t.common.save, exact: true }).click();
  await expectRefused(page.getByLabel(t.settings.org.name), /must not be empty|at least 1/);

  await page.goto("/settings/members");
  await page.getByRole("button", { name: t.team.invite }).click();
  const invite = page.getByRole("dialog", { name: t.team.inviteTitle });
  await invite.getByLabel(t.team.inviteEmail).fill("ana.morales@");
  await invite.getByRole("button", { name: t.team.sendInvite }).click();
  await expectRefused(invite.getByLabel(t.team.inviteEmail), /valid email/);
  await invite.getByRole("button", { name: t.common.cancel }).click();

  await page.goto("/settings/api-keys");
  await page.getByRole("button", { name: t.settings.keys.create }).first().click();
  const key = page.getByRole("dialog", { name: t.settings.keys.create });
  await key.getByRole("button", { name: t.settings.keys.create }).click();
  await expectRefused(key.getByLabel(t.settings.keys.name), /must not be empty/);
  await key.getByRole("button", { name: t.common.cancel }).click();

  await page.goto("/settings/webhooks");
  await page.getByRole("button", { name: t.settings.hooks.create }).first().click();
  const hook = page.getByRole("dialog", { name: t.settings.hooks.create });
  await hook.getByLabel(t.settings.hooks.url).fill("http://hooks.example.com/inmo");
  await hook.getByRole("button", { name: t.settings.hooks.create }).click();
  await expectRefused(hook.getByLabel(t.settings.hooks.url), /https/);
  await screenshot(page, "form-error-webhook");
  await hook.getByRole("button", { name: t.common.cancel }).click();

  await page.goto("/settings/teams");
  await page.getByRole("button", { name: t.teams.newTeam }).click();
  const team = page.getByRole("dialog", { name: t.teams.newTitle });
  await team.getByLabel(t.teams.name, { exact: true }).fill("Sur");
  await team.getByRole("button", { name: t.teams.create }).click();
  await expect(team.locator("[data-field-error]").or(team.getByRole("alert")).first()).toBeVisible();
  await screenshot(page, "form-error-team");
  await team.getByRole("button", { name: t.common.cancel }).click();
});

test("profile: changing the password with a wrong current one", async () => {
  await page.goto("/profile");
  await page.getByLabel(t.team.currentPassword).fill("not the password at all");
  await page.getByLabel(t.team.newPassword).fill("a brand new passphrase");
  await page.getByRole("button", { name: t.team.changePassword }).click();
  await expectRefused(page.getByLabel(t.team.currentPassword), /not right/);
  await screenshot(page, "form-error-password");
});

test("profile: out of office ending before it starts", async () => {
  await page.goto("/profile");
  const card = page.getByTestId("out-of-office");
  await card.getByLabel(t.outOfOffice.from).fill("2026-12-10");
  await card.getByLabel(t.outOfOffice.until).fill("2026-12-01");
  await card.getByRole("button", { name: t.common.save }).click();
  await expectRefused(card.getByLabel(t.outOfOffice.until), /on or after the first day away/);
  await screenshot(page, "form-error-out-of-office");
});
