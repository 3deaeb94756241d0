import { expect, test, type Page } from "@playwright/test";
import { dictionaryFor } from "../lib/i18n/dictionaries";
import { adminCli } from "./support/admin-cli";
import { expectToast, newAccount, screenshot, signIn, signUp } from "./support/dashboard";

/**
 * A rep's notification centre, in both languages: the rep is signed in with
 * the bell showing nothing new; a manager, in another browser, gives them a
 * new lead; the rep's bell counts it without a reload (the live stream),
 * the panel names the lead, and opening it from there lands on the lead and
 * clears the count. Their profile offers "Notifications on this device".
 */
test.describe.configure({ mode: "serial" });

const PASSWORD = "a long passphrase for the reps";

/** The bell the current screen shows: the phone's top bar, or the sidebar from the tablet up. */
const bell = (page: Page) => page.locator('[data-testid="notification-bell"]:visible');
const count = (page: Page) => page.locator('[data-testid="notification-count"]:visible');

for (const language of ["en", "es"] as const) {
  const t = dictionaryFor(language);

  test(`a rep sees a new lead in the bell without reloading and opens it (${language})`, async ({ page, browser }) => {
    const account = newAccount(`Notify${language}`);
    const manager = await browser.newPage();
    await signUp(manager, account, { language });
    const slug = account.organization.toLowerCase().replace(/[^a-z0-9]+/g, "-");
    const tag = slug.split("-").at(-1)!;
    const repEmail = `rocio-${tag}@example.test`;
    await adminCli("user", "create", "--org", slug, "--email", repEmail, "--name", "Rocío Hernández", "--role", "member", "--password", PASSWORD);

    await signIn(page, repEmail, PASSWORD);
    await page.goto("/home");
    await expect(bell(page)).toHaveAccessibleName(t.notifications.bell);
    await expect(count(page)).toHaveCount(0);

    // The manager gives the rep a new lead from the lead list.
    await manager.goto("/leads");
    await manager.getByRole("button", { name: t.leads.newLead }).click();
    const dialog = manager.getByRole("dialog", { name: t.leads.newLead });
    await dialog.getByLabel(t.leads.fields.firstName).fill("Mariana");
    await dialog.getByLabel(t.leads.fields.lastName).fill("Quispe");
    await dialog.getByLabel(t.leads.fields.phone).fill("+51 987 654 321");
    await dialog.getByLabel(t.leads.fields.assignee).selectOption({ label: "Rocío Hernández" });
    await dialog.getByRole("button", { name: t.common.create }).click();
    await expectToast(manager, t.leads.created);
    await manager.close();

    // No reload: the live stream brings it within seconds (30 s is a backstop for a busy machine).
    await expect(count(page)).toHaveText("1", { timeout: 30_000 });
    await expect(bell(page)).toHaveAccessibleName(t.notifications.bellWithCount(1));
    await screenshot(page, `notifications-bell-${language}`, { viewportOnly: true });

    await bell(page).click();
    const panel = page.getByTestId("notification-panel");
    const item = panel.getByTestId("notification-item").filter({ hasText: t.notifications.kind.lead_assigned("Mariana Quispe") });
    await expect(item).toBeVisible();
    await screenshot(page, `notifications-panel-${language}`, { viewportOnly: true });

    await item.click();
    await expect(page).toHaveURL(/\/leads\/lead_/);
    await expect(page.getByRole("heading", { name: "Mariana Quispe" })).toBeVisible();
    await expect(count(page)).toHaveCount(0);
    await screenshot(page, `notifications-opened-lead-${language}`);

    await page.goto("/profile");
    await expect(page.getByRole("heading", { name: t.notifications.device.title })).toBeVisible();
    await screenshot(page, `notifications-profile-${language}`);
  });
}
