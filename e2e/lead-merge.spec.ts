import { expect, test } from "@playwright/test";
import { dictionaryFor } from "../lib/i18n/dictionaries";
import { newAccount, screenshot, signUp } from "./support/dashboard";

/**
 * Two leads of one person (a portal form, then a call): the lead page shows
 * "Possible duplicates", the compare dialog puts both side by side with a
 * choice per differing field, the merge keeps one lead, and "Undo merge" on
 * the merge's timeline entry brings the other back. In both languages, at
 * every size.
 */
for (const language of ["en", "es"] as const) {
  test(`merge two duplicates and undo it (${language})`, async ({ page }, info) => {
    const t = dictionaryFor(language);
    await signUp(page, newAccount(`Merge${language}`), { language });
    const create = (input: Record<string, unknown>) =>
      page.evaluate(async (body) => {
        const response = await fetch("/api/trpc/leads.create", { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify(body) });
        return ((await response.json()) as { result: { data: { id: string } } }).result.data.id;
      }, input);
    const kept = await create({ firstName: "María", lastName: "García", email: "maria.garcia@gmail.com", company: "Casa Norte" });
    await create({ firstName: "Maria", lastName: "García López", email: "mariagarcia+portal@gmail.com", phone: "+52 55 1234 5678", company: "Casa Norte" });

    await page.goto(`/leads/${kept}`);
    const card = page.getByTestId("lead-duplicates");
    await expect(card.getByRole("heading", { name: t.duplicates.title })).toBeVisible();
    await expect(card.getByTestId("duplicate-candidate")).toHaveCount(1);
    await expect(card).toContainText(t.duplicates.reasons.same_email);
    await card.scrollIntoViewIfNeeded();
    await screenshot(page, `lead-duplicates-${language}`);

    await card.getByRole("button", { name: t.duplicates.compare }).click();
    const compare = page.getByTestId("merge-compare");
    await expect(compare).toBeVisible();
    await compare.locator('input[name="merge-lastName"]').nth(1).check();
    await screenshot(page, `lead-merge-dialog-${language}`, { viewportOnly: true });
    await page.getByTestId("merge-confirm").click();
    await expect(page.getByText(t.duplicates.merged)).toBeVisible();
    await expect(page.getByTestId("lead-name")).toHaveText("María García López");
    await expect(page.getByText("+52 55 1234 5678").first()).toBeVisible();
    await expect(page.getByTestId("lead-duplicates")).toHaveCount(0);
    const undo = page.getByTestId("undo-merge");
    await undo.scrollIntoViewIfNeeded();
    await screenshot(page, `lead-merged-${language}`);

    await undo.click();
    await expect(page.getByText(t.duplicates.undone)).toBeVisible();
    await expect(page.getByTestId("lead-name")).toHaveText("María García");
    await expect(page.getByTestId("lead-duplicates").getByTestId("duplicate-candidate")).toHaveCount(1);
    await screenshot(page, `lead-merge-undone-${language}`);
    expect(info.project.name).toBeTruthy();
  });
}
