import { expect, test, type Page } from "@playwright/test";
import { dictionaryFor } from "../lib/i18n/dictionaries";
import { adminCli } from "./support/admin-cli";
import { E2E_ORIGIN } from "./support/e2e-environment";
import { expectToast, newAccount, screenshot, signIn, signUp } from "./support/dashboard";

/**
 * First to claim, in both languages and at every size: the owner has a
 * first-to-claim pool of two reps (made with a key; the owner reads its
 * Distribution card and "Who gets the next leads?", and notes a rep's coming
 * holidays from Settings → Members); a lead arrives through
 * the REST API; the first rep's bell counts the offer without a reload, the
 * notification centre names the lead, and "To claim" lets the rep take it;
 * the second rep, whose open bell stops counting the offer the moment it is
 * claimed, a moment late, is told someone else took it (the 409 as a clear message). The rep's profile shows the Out of office card.
 */
test.describe.configure({ mode: "serial" });
// Three people's pages and two dashboard pages of the owner: more than the default two minutes on a shared machine.
test.setTimeout(240_000);

const PASSWORD = "a long passphrase for the reps";
const bell = (page: Page) => page.locator('[data-testid="notification-bell"]:visible');
const count = (page: Page) => page.locator('[data-testid="notification-count"]:visible');

async function api(key: string, path: string, body: unknown): Promise<{ id: string }> {
  const response = await fetch(`${E2E_ORIGIN}/api/v1${path}`, {
    method: "POST",
    headers: { authorization: `Bearer ${key}`, "content-type": "application/json" },
    body: JSON.stringify(body),
  });
  expect(response.status, `POST ${path}: ${await response.clone().text()}`).toBe(201);
  return (await response.json()) as { id: string };
}

for (const language of ["en", "es"] as const) {
  const t = dictionaryFor(language);

  test(`a rep on the go claims a lead offered to the whole pool; the second is told it is taken (${language})`, async ({ page, browser }) => {
    const account = newAccount(`Claim${language}`);
    const owner = await browser.newPage();
    await signUp(owner, account, { language });
    const slug = account.organization.toLowerCase().replace(/[^a-z0-9]+/g, "-");
    const tag = slug.split("-").at(-1)!;
    const { key } = await adminCli("key", "create", "--org", slug, "--name", "Website", "--scopes", "all");
    const rep = async (name: string, handle: string) => {
      const email = `${handle}-${tag}@example.test`;
      const { userId } = await adminCli("user", "create", "--org", slug, "--email", email, "--name", name, "--role", "member", "--password", PASSWORD);
      return { id: userId!, email, name };
    };
    const ana = await rep("Ana Morales", "ana");
    const bruno = await rep("Bruno Castillo", "bruno");
    const pool = await api(key!, "/round-robin", { name: "Torre Norte", participantIds: [ana.id, bruno.id], distribution: "first_to_claim", claimWindowMinutes: 10 });

    // The owner reads the pool's distribution and the forecast.
    await owner.goto(`/routing/${pool.id}`);
    const distribution = owner.getByTestId("distribution");
    await expect(distribution.getByLabel(t.distribution.mode)).toHaveValue("first_to_claim");
    await screenshot(owner, `claim-distribution-${language}`);
    await owner.getByTestId("simulate").getByRole("button", { name: t.distribution.simulate }).click();
    await expect(owner.getByTestId("simulate")).toContainText("Ana Morales");
    await screenshot(owner, `claim-simulate-${language}`);

    // The owner notes Bruno's coming holidays for him (Settings → Members), through the rule he uses on his profile.
    await owner.goto("/settings/members");
    await owner.locator("tr", { hasText: "Bruno Castillo" }).getByRole("button", { name: t.outOfOffice.action }).click();
    const away = owner.getByRole("dialog", { name: t.outOfOffice.dialogTitle("Bruno Castillo") });
    await away.getByLabel(t.outOfOffice.from).fill("2030-01-05");
    await away.getByLabel(t.outOfOffice.until).fill("2030-01-12");
    await away.getByRole("button", { name: t.common.save }).click();
    await expectToast(owner, t.outOfOffice.saved);
    await expect(away.getByRole("button", { name: t.outOfOffice.clearOther })).toBeVisible();
    await screenshot(owner, `claim-member-out-of-office-${language}`, { viewportOnly: true });
    expect(await owner.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
    await owner.close();

    // Bruno is already looking at the leads to claim (empty for now); Ana waits on her home page.
    const late = await browser.newPage({ viewport: page.viewportSize() ?? undefined });
    await signIn(late, bruno.email, PASSWORD);
    await signIn(page, ana.email, PASSWORD);
    await page.goto("/home");
    await expect(bell(page)).toHaveAccessibleName(t.notifications.bell);
    await expect(count(page)).toHaveCount(0);

    await api(key!, "/leads", { firstName: "Valentina", lastName: "Gómez", phone: "+52 55 1234 5678", roundRobinId: pool.id, source: "website" });
    await late.goto("/leads?assignee=claim");
    await expect(late.getByTestId("claimable-leads")).toContainText("Valentina Gómez");

    // No reload: the live stream brings the offer to Ana's bell (30 s is a backstop for a busy machine, not the expected time).
    await expect(count(page)).toHaveText("1", { timeout: 30_000 });
    await screenshot(page, `claim-bell-${language}`, { viewportOnly: true });
    await bell(page).click();
    const panel = page.getByTestId("notification-panel");
    await expect(panel.getByTestId("notification-item").filter({ hasText: t.notifications.kind.claim_offered("Valentina Gómez") })).toBeVisible();
    await screenshot(page, `claim-notification-centre-${language}`, { viewportOnly: true });
    await page.keyboard.press("Escape");

    await page.goto("/leads?assignee=claim");
    const offered = page.getByTestId("claimable-leads").getByRole("listitem").filter({ hasText: "Valentina Gómez" });
    await expect(offered).toBeVisible();
    await screenshot(page, `claim-to-claim-${language}`);
    // Bruno was offered it too; he has his bell open when Ana claims.
    await expect(count(late)).toHaveText("1", { timeout: 30_000 });
    await bell(late).click();
    const lateOffer = late.getByTestId("notification-panel").getByTestId("notification-item").filter({ hasText: t.notifications.kind.claim_offered("Valentina Gómez") });
    await expect(lateOffer.getByLabel(t.notifications.unread)).toHaveCount(1);
    await offered.getByRole("button", { name: t.claim.claim }).click();
    await expectToast(page, t.claim.claimed("Valentina Gómez"));
    // The offer is settled: no bell keeps counting it, without a reload — Ana's at once, Bruno's open one from the live stream.
    await expect(count(page)).toHaveCount(0);
    await expect(count(late)).toHaveCount(0, { timeout: 30_000 });
    await expect(lateOffer.getByLabel(t.notifications.unread)).toHaveCount(0);
    await screenshot(late, `claim-settled-bell-${language}`, { viewportOnly: true });
    await late.keyboard.press("Escape");

    await late.getByTestId("claimable-leads").getByRole("button", { name: t.claim.claim }).first().click();
    await expectToast(late, t.claim.tooLate);
    await screenshot(late, `claim-too-late-${language}`);
    // The list refreshes: the taken lead is no longer offered.
    await expect(late.getByText("Valentina Gómez")).toHaveCount(0);

    await page.goto("/profile");
    await expect(page.getByRole("heading", { name: t.outOfOffice.title })).toBeVisible();
    await page.getByRole("heading", { name: t.outOfOffice.title }).scrollIntoViewIfNeeded();
    await screenshot(page, `claim-out-of-office-${language}`, { viewportOnly: true });
    for (const screen of [page, late]) {
      expect(await screen.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
    }
    await late.close();
  });
}
