import { expect, test, type Page } from "@playwright/test";
import { expectToast, newAccount, screenshot, signInWithForm, signUp } from "./support/dashboard";
import { linkIn, waitForMail } from "./support/mailbox";

/**
 * An admin builds a team without the CLI: confirms their own address (the
 * app mails invitations only for a verified sender), invites a colleague from Settings →
 * Members, the colleague opens the link in the email the app sent, sets a
 * name and password, joins and signs in to the organization; then forgets
 * the password and resets it through the emailed link.
 */
test.describe.configure({ mode: "serial" });

const owner = newAccount("Team");
const colleague = newAccount("Colleague");
let page: Page;

test.beforeAll(async ({ browser }) => {
  page = await browser.newPage();
  await signUp(page, owner);
  // Invitations are mailed only for a verified address: the owner opens the confirmation mail first.
  const confirmation = await waitForMail(owner.email, /^Confirm your email for inmo$/);
  await page.goto(linkIn(confirmation, "/verify-email"));
  await expect(page.getByText(`${owner.email} is confirmed.`)).toBeVisible();
});

test.afterAll(async () => {
  await page.close();
});

test("the owner invites a colleague by email and sees the pending invitation", async () => {
  await page.goto("/settings/members");
  await page.getByRole("button", { name: "Invite people" }).click();
  const dialog = page.getByRole("dialog", { name: "Invite someone to your organization" });
  await dialog.getByLabel("Email").fill(colleague.email);
  await dialog.getByLabel("Role").selectOption("admin");
  await screenshot(page, "team-invite-dialog");
  await dialog.getByRole("button", { name: "Send invitation" }).click();
  await expectToast(page, `Invitation sent to ${colleague.email}`);
  const pending = page.getByRole("table", { name: "Pending invitations" }).getByRole("row").filter({ hasText: colleague.email });
  await expect(pending).toContainText("Admin");
  await screenshot(page, "team-members-pending");
});

test("the colleague opens the emailed link, sets name and password, joins and signs in", async ({ browser }) => {
  const mail = await waitForMail(colleague.email, new RegExp(`invited you to ${owner.organization}`));
  const context = await browser.newContext();
  const guest = await context.newPage();
  await guest.goto(linkIn(mail, "/invite"));
  await expect(guest.getByText(`Join ${owner.organization} on inmo`)).toBeVisible();
  await expect(guest.getByText(`${owner.name} invited you as admin.`)).toBeVisible();
  await guest.getByLabel("Your name").fill(colleague.name);
  await guest.getByLabel("Password").fill(colleague.password);
  await screenshot(guest, "team-accept-invitation");
  await guest.getByRole("button", { name: "Create my account and join" }).click();
  await expect(guest).toHaveURL(/\/leads$/, { timeout: 30_000 });
  await expect(guest.getByTestId("active-organization")).toHaveText(owner.organization);
  await context.close();

  // A fresh sign-in with the new account lands in the organization.
  const again = await browser.newPage();
  await signInWithForm(again, colleague.email, colleague.password);
  await expect(again.getByTestId("active-organization")).toHaveText(owner.organization);
  await again.close();

  await page.reload();
  const row = page.getByRole("table", { name: "Members" }).getByRole("row").filter({ hasText: colleague.email });
  await expect(row).toBeVisible();
  await expect(page.getByRole("table", { name: "Pending invitations" }).getByRole("row").filter({ hasText: colleague.email })).toHaveCount(0);
  await screenshot(page, "team-members-joined");
});

test("a forgotten password is reset through the emailed link, once", async ({ browser }) => {
  const guest = await browser.newPage();
  await guest.goto("/login");
  await guest.getByRole("link", { name: "Forgot your password?" }).click();
  // The sign-in form has the same field: wait for the new page before typing.
  await expect(guest.getByRole("heading", { name: "Reset your password" })).toBeVisible();
  await guest.getByLabel("Work email").fill(colleague.email);
  await guest.getByRole("button", { name: "Send me a link" }).click();
  await expect(guest.getByText("If an account uses that address, a link is on its way.")).toBeVisible();
  await screenshot(guest, "team-forgot-password");

  const mail = await waitForMail(colleague.email, /^Reset your inmo password$/);
  const link = linkIn(mail, "/reset-password");
  await guest.goto(link);
  await guest.getByLabel("New password").fill("a fresh password for inmo");
  await screenshot(guest, "team-reset-password");
  await guest.getByRole("button", { name: "Save the new password" }).click();
  await expect(guest.getByText("Your password was changed")).toBeVisible();

  await signInWithForm(guest, colleague.email, "a fresh password for inmo");
  await expect(guest.getByTestId("active-organization")).toHaveText(owner.organization);

  // The link works once.
  await guest.goto(link);
  await guest.getByLabel("New password").fill("yet another password");
  await guest.getByRole("button", { name: "Save the new password" }).click();
  await expect(guest.getByRole("alert").filter({ hasText: "invalid, expired or was already used" })).toBeVisible();
  await guest.close();
});

test("removing the colleague offers to hand their leads to someone else, and ends their session", async ({ browser }) => {
  const colleaguePage = await browser.newPage();
  await signInWithForm(colleaguePage, colleague.email, "a fresh password for inmo");

  await page.goto("/leads");
  await page.getByRole("button", { name: "New lead" }).click();
  const form = page.getByRole("dialog", { name: "New lead" });
  await form.getByLabel("First name").fill("Delia");
  await form.getByLabel("Phone").fill("+1 555 0142");
  await form.getByLabel("Assigned to").selectOption({ label: colleague.name });
  await form.getByRole("button", { name: "Create" }).click();
  await expectToast(page, "Lead created");

  await page.goto("/settings/members");
  const row = page.getByRole("table", { name: "Members" }).getByRole("row").filter({ hasText: colleague.email });
  await row.getByRole("button", { name: "Remove" }).click();
  const dialog = page.getByRole("dialog", { name: `Remove ${colleague.name}?` });
  await dialog.getByLabel("Hand their leads to").selectOption({ label: owner.name });
  await screenshot(page, "team-remove-member");
  await dialog.getByRole("button", { name: "Remove" }).click();
  await expectToast(page, `${colleague.name} was removed`);
  await expect(row).toHaveCount(0);
  await expect(page.getByRole("table", { name: "Members" }).getByRole("row").filter({ hasText: owner.email })).toContainText("1");

  // The removed colleague's open session is over.
  await colleaguePage.goto("/leads");
  await expect(colleaguePage).toHaveURL(/\/login/);
  await colleaguePage.close();
});
