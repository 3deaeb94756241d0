import { expect, test, type Page } from "@playwright/test";
import { adminCli } from "./support/admin-cli";
import { expectToast, newAccount, screenshot, signUp } from "./support/dashboard";
import { E2E_ORIGIN } from "./support/e2e-environment";

/**
 * The project page's "New matches" card and Settings → New matches, in both
 * languages: a project starts following the organization's default and not
 * sending; choosing e-mail (the test server's SMTP can send) with its texts
 * makes it send; choosing WhatsApp only, with no number connected, says
 * plainly that nothing can be sent. No sideways scroll at any width.
 */
const WORDS = {
  en: {
    title: "New matches", followsDefault: "Follows the organization default", sending: "Sending", notSending: "Not sending",
    mode: "Send the unit to the lead", byEmail: "By e-mail", byWhatsApp: "By WhatsApp", subjectEs: "E-mail subject (Español)", bodyEs: "E-mail text (Español)",
    save: "Save", saved: "New matches setting saved", noChannel: "Nothing can be sent now", defaultTitle: "New matches: organization default",
  },
  es: {
    title: "Nuevas coincidencias", followsDefault: "Sigue el valor de la organización", sending: "Enviando", notSending: "Sin envíos",
    mode: "Enviar la unidad al lead", byEmail: "Por correo", byWhatsApp: "Por WhatsApp", subjectEs: "Asunto del correo (Español)", bodyEs: "Texto del correo (Español)",
    save: "Guardar", saved: "Configuración de nuevas coincidencias guardada", noChannel: "Ahora no se puede enviar nada", defaultTitle: "Nuevas coincidencias: valor por defecto de la organización",
  },
} as const;

async function createProject(key: string): Promise<string> {
  const response = await fetch(`${E2E_ORIGIN}/api/v1/projects`, {
    method: "POST",
    headers: { Authorization: `Bearer ${key}`, "Content-Type": "application/json" },
    body: JSON.stringify({ name: "Torre Mirador", units: [{ name: "A-101", price: 185000 }] }),
  });
  const answer = (await response.json()) as { id: string };
  expect(response.status, JSON.stringify(answer)).toBe(201);
  return answer.id;
}

async function expectNoSidewaysScroll(page: Page): Promise<void> {
  expect(await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth)).toBeLessThanOrEqual(0);
}

for (const language of ["en", "es"] as const) {
  test(`the project's new-matches card and the organization default (${language})`, async ({ page }) => {
    const w = WORDS[language];
    const account = newAccount(language === "en" ? "Matches" : "Cruces");
    await signUp(page, account, { language });
    const slug = account.organization.toLowerCase().replace(/[^a-z0-9]+/g, "-");
    const { key } = await adminCli<{ key: string }>("key", "create", "--org", slug, "--name", "Match sync", "--scopes", "all");
    const projectId = await createProject(key);

    await page.goto(`/projects/${projectId}`);
    const card = page.getByTestId("match-sending-card");
    await expect(card.getByText(w.followsDefault)).toBeVisible();
    await expect(card.getByText(w.notSending, { exact: true })).toBeVisible();

    await card.getByLabel(w.mode).selectOption({ label: w.byEmail });
    await card.getByLabel(w.subjectEs).fill("{name}, mira {unit}");
    await card.getByLabel(w.bodyEs).fill("Hola {name}:\n\nEncontramos {unit} para ti: {link}");
    await card.getByRole("button", { name: w.save }).click();
    await expectToast(page, w.saved);
    await expect(card.getByText(w.sending, { exact: true })).toBeVisible();
    await expect(card.getByText(w.followsDefault)).toHaveCount(0);
    await card.scrollIntoViewIfNeeded();
    await expectNoSidewaysScroll(page);
    await screenshot(page, `match-sending-card-${language}`);

    await card.getByLabel(w.mode).selectOption({ label: w.byWhatsApp });
    await expect(card.getByTestId("match-sending-no-channel")).toContainText(w.noChannel);
    await card.scrollIntoViewIfNeeded();
    await screenshot(page, `match-sending-card-no-channel-${language}`, { viewportOnly: true });

    await page.goto("/settings/new-matches");
    await expect(page.getByText(w.defaultTitle)).toBeVisible();
    await expect(page.getByText(w.notSending, { exact: true })).toBeVisible();
    await expectNoSidewaysScroll(page);
    await screenshot(page, `match-sending-default-${language}`);
  });
}
