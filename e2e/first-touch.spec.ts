import { expect, test, type Page } from "@playwright/test";
import { expectToast, newAccount, screenshot, signUp } from "./support/dashboard";

/**
 * Speed to lead from a salesperson's side, in both languages: their working
 * hours on the profile, a lead assigned to them showing its first-touch
 * deadline on its page and in the "waiting for first touch" list.
 */
test.describe.configure({ mode: "serial" });

const LANGUAGES = [
  {
    language: "en" as const,
    texts: {
      leads: "Leads",
      workingHours: "Working hours",
      ownHours: "I keep my own hours",
      newLead: "New lead",
      firstName: "First name",
      phone: "Phone",
      assignee: "Assigned to",
      create: "Create",
      created: "Lead created",
      dueIn: /First touch due in \d+ min/,
    },
  },
  {
    language: "es" as const,
    texts: {
      leads: "Leads",
      workingHours: "Horario de trabajo",
      ownHours: "Tengo mi propio horario",
      newLead: "Nuevo lead",
      firstName: "Nombre",
      phone: "Teléfono",
      assignee: "Asignado a",
      create: "Crear",
      created: "Lead creado",
      dueIn: /Primer contacto en \d+ min/,
    },
  },
];

for (const { language, texts } of LANGUAGES) {
  test.describe(`first touch (${language})`, () => {
    const account = newAccount(`Touch${language}`);
    let page: Page;

    test.beforeAll(async ({ browser }) => {
      page = await browser.newPage();
      await signUp(page, account, { language });
    });

    test.afterAll(async () => {
      await page.close();
    });

    test("the profile says when the first-touch clock runs", async () => {
      await page.goto("/profile");
      await expect(page.getByRole("heading", { name: texts.workingHours })).toBeVisible();
      await page.getByLabel(texts.ownHours).check();
      await expect(page.locator('input[name="start"]')).toHaveValue("09:00");
      await screenshot(page, `first-touch-profile-${language}`);
    });

    test("a lead assigned to the salesperson shows its deadline, in the waiting list too", async () => {
      await page.goto("/leads");
      await page.getByRole("button", { name: texts.newLead }).click();
      const dialog = page.getByRole("dialog", { name: texts.newLead });
      await dialog.getByLabel(texts.firstName).fill("Renata");
      await dialog.getByLabel(texts.phone).fill("+52 55 4000 1234");
      await dialog.getByLabel(texts.assignee).selectOption({ label: account.name });
      await dialog.getByRole("button", { name: texts.create }).click();
      await expectToast(page, texts.created);
      await expect(page.getByTestId("first-touch")).toHaveAttribute("data-state", "due");
      await expect(page.getByTestId("first-touch")).toHaveText(texts.dueIn);
      await screenshot(page, `first-touch-lead-due-${language}`);

      // The list's filters live in the URL, whichever way the screen shows them.
      await page.goto("/leads?touch=waiting");
      await expect(page.getByText("Renata").first()).toBeVisible();
      await expect(page.getByTestId("first-touch").first()).toHaveText(texts.dueIn);
      await screenshot(page, `first-touch-waiting-list-${language}`);
    });
  });
}
