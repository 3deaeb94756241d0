import { expect, test, type Page } from "@playwright/test";
import { expectToast, goToSection, hasTopBar, newAccount, screenshot, signInWithForm, signUp } from "./support/dashboard";

/**
 * An agent between two property visits, on a phone, a tablet and a desktop
 * (the `phone`, `tablet` and `desktop` projects): sign in, find a lead,
 * call it and log the outcome, move it along the pipeline, and check that
 * the profile and Settings read well. Screenshots of each page at each size
 * go to e2e/screenshots/<project>-agent-*.png.
 */
test.describe.configure({ mode: "serial" });

const account = newAccount("Agent");
let page: Page;

test.beforeAll(async ({ browser }) => {
  page = await browser.newPage();
});

test.afterAll(async () => {
  await page.close();
});

async function expectNoSidewaysScroll() {
  const overflow = await page.evaluate(() => {
    const root = document.scrollingElement ?? document.documentElement;
    return root.scrollWidth - root.clientWidth;
  });
  expect(overflow, "the page scrolls sideways").toBeLessThanOrEqual(0);
}

test("an agent signs up, signs out from the menu and signs back in", async () => {
  await page.goto("/login");
  await screenshot(page, "agent-login");
  await signUp(page, account);
  await expect(page.getByRole("heading", { name: "Leads", level: 1 })).toBeVisible();
  await screenshot(page, "agent-leads-empty");

  if (await hasTopBar(page)) {
    // The sidebar's content is one tap away: organization switcher, sections, the person and sign out.
    await page.getByTestId("open-menu").click();
    const menu = page.getByTestId("menu-sheet");
    await expect(menu.getByRole("link", { name: "Pipeline", exact: true })).toBeVisible();
    await expect(menu.getByTestId("current-user")).toHaveText(account.name);
    await menu.getByRole("button", { name: "Switch organization" }).click();
    await expect(menu.getByRole("menuitem", { name: account.organization })).toBeVisible();
    await screenshot(page, "agent-menu");
    await page.keyboard.press("Escape");
    await page.keyboard.press("Escape");
    await expect(menu).toBeHidden();
    await page.getByTestId("open-menu").click();
    await menu.getByRole("button", { name: "Sign out", exact: true }).click();
  } else {
    await page.getByRole("button", { name: "Sign out", exact: true }).click();
  }
  await expect(page).toHaveURL(/\/login/);
  await signInWithForm(page, account.email, account.password);
  await expectNoSidewaysScroll();
});

test("a new lead is created with a phone keyboard and found by search", async () => {
  await page.getByRole("button", { name: "New lead" }).click();
  const dialog = page.getByRole("dialog", { name: "New lead" });
  await dialog.getByLabel("First name").fill("Marta");
  await dialog.getByLabel("Last name").fill("Ruiz");
  // The right keyboards: a phone pad for the phone, the e-mail keyboard for the address.
  await expect(dialog.getByLabel("Phone")).toHaveAttribute("type", "tel");
  await expect(dialog.getByLabel("Email")).toHaveAttribute("type", "email");
  await dialog.getByLabel("Phone").fill("+34 611 22 33 44");
  await dialog.getByLabel("Email").fill("marta.ruiz@example.com");
  await screenshot(page, "agent-new-lead");
  await dialog.getByRole("button", { name: "Create" }).click();
  await expectToast(page, "Lead created");
  await expect(page.getByTestId("lead-name")).toHaveText("Marta Ruiz");

  await goToSection(page, "Leads");
  await page.getByRole("searchbox").fill("611 22");
  await expect(page).toHaveURL(/q=611/);
  if (await hasTopBar(page)) {
    // Cards: name, stage, phone, last activity, and a call button.
    const card = page.locator("[data-lead-card='Marta Ruiz']");
    await expect(card).toContainText("+34 611 22 33 44");
    await expect(card).toContainText("Last activity");
    await expect(card.getByRole("link", { name: "Call Marta Ruiz" })).toHaveAttribute("href", "tel:+34611223344");
    // The filters wait in a sheet behind one button.
    await page.getByRole("button", { name: "Filters" }).click();
    const sheet = page.getByRole("dialog", { name: "Filters" });
    await sheet.getByLabel("Stage", { exact: true }).selectOption({ label: "Won" });
    await screenshot(page, "agent-leads-filters");
    await sheet.getByRole("button", { name: "Show results" }).click();
    await expect(page.getByText("No leads match")).toBeVisible();
    await page.getByRole("button", { name: "Filters (1)" }).click();
    await sheet.getByRole("button", { name: "Clear filters" }).click();
    await sheet.getByRole("button", { name: "Show results" }).click();
    await expect(page).not.toHaveURL(/stage=/);
    await page.getByRole("searchbox").fill("611 22");
  }
  await expect(page.getByRole("link", { name: "Marta Ruiz", exact: true })).toBeVisible();
  await expectNoSidewaysScroll();
  await screenshot(page, "agent-leads");
  await page.getByRole("link", { name: "Marta Ruiz", exact: true }).click();
  await expect(page.getByTestId("lead-name")).toHaveText("Marta Ruiz");
});

test("one tap calls, messages or e-mails the lead, and the call's outcome is logged", async () => {
  const actions = page.getByTestId("contact-actions");
  await expect(actions.getByRole("link", { name: "Call Marta Ruiz" })).toHaveAttribute("href", "tel:+34611223344");
  await expect(actions.getByRole("link", { name: "WhatsApp Marta Ruiz" })).toHaveAttribute("href", "https://wa.me/34611223344");
  await expect(actions.getByRole("link", { name: "Email Marta Ruiz" })).toHaveAttribute("href", "mailto:marta.ruiz@example.com");
  await expectNoSidewaysScroll();
  await screenshot(page, "agent-lead-detail");

  // The dialer is the phone's: calling opens "How did the call go?" for when the agent comes back.
  await actions.getByRole("link", { name: "Call Marta Ruiz" }).evaluate((link: HTMLAnchorElement) => {
    link.addEventListener("click", (event) => event.preventDefault(), { once: true });
    link.click();
  });
  const form = (await hasTopBar(page)) ? page.getByTestId("call-sheet") : page.getByTestId("quick-call-log");
  await expect(form).toBeVisible();
  await form.getByRole("button", { name: "Log call" }).click();
  await expect(form.getByText("Choose how the call went.")).toBeVisible();
  await form.getByText("No answer", { exact: true }).click();
  await form.getByLabel("Notes").fill("Try again after 6 pm.");
  await screenshot(page, "agent-log-call");
  await form.getByRole("button", { name: "Log call" }).click();
  await expectToast(page, "Call logged");
  const call = page.getByTestId("lead-timeline").locator("[data-activity-type='call']").first();
  await expect(call).toContainText("No answer — Try again after 6 pm.");
  await expect(call).toContainText("Outbound");
});

test("the lead moves to another stage from the pipeline", async () => {
  await goToSection(page, "Pipeline");
  if (await hasTopBar(page)) {
    // A phone shows one stage at a time: the chips pick it.
    const picker = page.getByTestId("stage-picker");
    await expect(picker.getByRole("button", { name: /New/ })).toHaveAttribute("aria-pressed", "true");
    await expect(picker.locator("[data-lead-card='Marta Ruiz']")).toBeVisible();
    await screenshot(page, "agent-pipeline");
    await page.getByLabel("Move to stage: Marta Ruiz").selectOption({ label: "Contacted" });
    await expectToast(page, "moved to Contacted");
    await picker.getByRole("button", { name: /Contacted/ }).click();
    await expect(page.getByRole("region", { name: "Contacted" }).locator("[data-lead-card='Marta Ruiz']")).toBeVisible();
  } else {
    await expect(page.getByRole("region", { name: "New" }).locator("[data-lead-card='Marta Ruiz']")).toBeVisible();
    await screenshot(page, "agent-pipeline");
    await page.getByLabel("Move to stage: Marta Ruiz").selectOption({ label: "Contacted" });
    await expectToast(page, "moved to Contacted");
    await expect(page.getByRole("region", { name: "Contacted" }).locator("[data-lead-card='Marta Ruiz']")).toBeVisible();
  }
  await expectNoSidewaysScroll();
  await screenshot(page, "agent-pipeline-moved");
});

test("the profile and Settings read well, tables as lists on a phone", async () => {
  await page.goto("/profile");
  await expect(page.getByRole("heading", { name: "Profile", level: 1 })).toBeVisible();
  // The address shows on the profile form and on the card asking to confirm it.
  await expect(page.getByText(account.email).first()).toBeVisible();
  await expect(page.getByRole("heading", { name: "Confirm your email address" })).toBeVisible();
  await expectNoSidewaysScroll();
  await screenshot(page, "agent-profile");

  await goToSection(page, "Settings");
  await page.getByRole("link", { name: "Members" }).click();
  const row = page.getByRole("row", { name: new RegExp(account.name) });
  await expect(row).toContainText(account.email);
  await expect(row).toContainText("Owner");
  await expectNoSidewaysScroll();
  await screenshot(page, "agent-settings-members");
});
