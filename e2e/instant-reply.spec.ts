import { expect, test, type Page } from "@playwright/test";
import { dictionaryFor } from "../lib/i18n/dictionaries";
import { adminCli } from "./support/admin-cli";
import { E2E_ORIGIN } from "./support/e2e-environment";
import { expectToast, newAccount, screenshot, signUp } from "./support/dashboard";

/**
 * Settings → Instant reply in both languages: with outgoing e-mail set up
 * (the test server's SMTP) and no WhatsApp number connected, the page says
 * which channel can send and saves a source's reply; in a sandbox, where
 * nothing is ever sent, it says plainly that no reply can go out. A pool's
 * own reply is edited on the pool's page, which says when the channels it
 * lists cannot send; a lead's language is set on the lead form and shown on
 * the lead page (the reply is written in it).
 */
test.describe.configure({ mode: "serial" });

const LANGUAGES = [
  {
    language: "en" as const,
    texts: {
      canSend: "Can send",
      cannotSend: "Cannot send",
      noSender: "No WhatsApp number is connected",
      enabled: "Reply to new leads from this source",
      order: "Channels to try",
      emailOnly: "E-mail only",
      subjectEn: "E-mail subject (English)",
      bodyEn: "E-mail text (English)",
      subjectEs: "E-mail subject (Español)",
      bodyEs: "E-mail text (Español)",
      save: "Save",
      saved: "Instant reply saved",
      createSandbox: "Create sandbox",
      sandboxCreated: "Sandbox created",
      openSandbox: "Open sandbox",
    },
  },
  {
    language: "es" as const,
    texts: {
      canSend: "Puede enviar",
      cannotSend: "No puede enviar",
      noSender: "No hay un número de WhatsApp conectado",
      enabled: "Responder a los leads nuevos de este origen",
      order: "Canales a intentar",
      emailOnly: "Solo correo",
      subjectEn: "Asunto del correo (English)",
      bodyEn: "Texto del correo (English)",
      subjectEs: "Asunto del correo (Español)",
      bodyEs: "Texto del correo (Español)",
      save: "Guardar",
      saved: "Respuesta instantánea guardada",
      createSandbox: "Crear sandbox",
      sandboxCreated: "Sandbox creado",
      openSandbox: "Abrir sandbox",
    },
  },
];

async function api(key: string, path: string, body: unknown): Promise<{ id: string }> {
  const response = await fetch(`${E2E_ORIGIN}/api/v1${path}`, {
    method: "POST",
    headers: { authorization: `Bearer ${key}`, "content-type": "application/json" },
    body: JSON.stringify(body),
  });
  expect(response.status, `POST ${path}: ${await response.clone().text()}`).toBe(201);
  return (await response.json()) as { id: string };
}

for (const { language, texts } of LANGUAGES) {
  test.describe(`instant reply settings (${language})`, () => {
    const account = newAccount(`Reply${language}`);
    let page: Page;

    test.beforeAll(async ({ browser }) => {
      page = await browser.newPage();
      await signUp(page, account, { language });
    });

    test.afterAll(async () => {
      await page.close();
    });

    test("with e-mail set up and no WhatsApp number, the page says which channel sends and saves a source's reply", async () => {
      await page.goto("/settings/instant-reply");
      await expect(page.getByTestId("channel-email")).toContainText(texts.canSend);
      await expect(page.getByTestId("channel-whatsapp")).toContainText(texts.cannotSend);
      await expect(page.getByTestId("channel-whatsapp")).toContainText(texts.noSender);
      await expect(page.getByTestId("instant-reply-no-channel")).toHaveCount(0);
      await page.getByLabel(texts.enabled).check();
      await page.getByLabel(texts.order).selectOption({ label: texts.emailOnly });
      await page.getByLabel(texts.subjectEn).fill("Thanks, {name}");
      await page.getByLabel(texts.bodyEn).fill("Hi {name}, an agent will call you shortly.");
      await page.getByLabel(texts.subjectEs).fill("Gracias, {name}");
      await page.getByLabel(texts.bodyEs).fill("Hola {name}, un asesor te llamará en breve.");
      await page.getByRole("button", { name: texts.save }).click();
      await expectToast(page, texts.saved);
      await screenshot(page, `instant-reply-available-${language}`);
    });

    test("a pool's own reply says when its channels cannot send, then saves an e-mail reply", async () => {
      const t = dictionaryFor(language).instantReply;
      const slug = account.organization.toLowerCase().replace(/[^a-z0-9]+/g, "-");
      const tag = slug.split("-").at(-1)!;
      const { key } = await adminCli("key", "create", "--org", slug, "--name", "Pool reply", "--scopes", "all");
      const { userId } = await adminCli("user", "create", "--org", slug, "--email", `rep-${tag}@example.test`, "--name", "Ana Morales", "--role", "member", "--password", "a long passphrase for the rep");
      const pool = await api(key!, "/round-robin", { name: "Torre Norte", participantIds: [userId] });
      await page.goto(`/routing/${pool.id}`);
      const card = page.getByTestId("pool-instant-reply");
      await expect(card.getByTestId("channel-email")).toContainText(texts.canSend);
      await card.getByLabel(t.poolEnabled).check();
      await card.getByLabel(t.order).selectOption({ label: t.orders.whatsapp! });
      await card.getByLabel(t.templateName).fill("bienvenida");
      await card.getByLabel(t.languageCode("English")).fill("en_US");
      await card.getByRole("button", { name: texts.save }).click();
      await expectToast(page, texts.saved);
      await expect(card.getByTestId("instant-reply-no-channel")).toHaveText(t.poolCannotSend);
      await card.scrollIntoViewIfNeeded();
      await screenshot(page, `pool-instant-reply-none-${language}`);
      await card.getByLabel(t.order).selectOption({ label: t.orders.email! });
      await card.getByLabel(texts.subjectEs).fill("Gracias, {name}");
      await card.getByLabel(texts.bodyEs).fill("Hola {name}, un asesor te llamará en breve.");
      await card.getByRole("button", { name: texts.save }).click();
      await expectToast(page, texts.saved);
      await expect(card.getByTestId("instant-reply-no-channel")).toHaveCount(0);
      await screenshot(page, `pool-instant-reply-email-${language}`);

      // A lead's language: the organization's until set on the lead form, then shown on the lead page.
      const f = dictionaryFor(language).leads.fields;
      const lead = await api(key!, "/leads", { firstName: "Emma", lastName: "Wilson", email: `emma-${tag}@example.test` });
      await page.goto(`/leads/${lead.id}`);
      await expect(page.getByText(f.languageDefault)).toBeVisible();
      await page.getByRole("button", { name: dictionaryFor(language).common.edit, exact: true }).click();
      const dialog = page.getByRole("dialog");
      await dialog.getByLabel(f.language).selectOption("en");
      await dialog.getByLabel(f.language).scrollIntoViewIfNeeded();
      await screenshot(page, `lead-language-form-${language}`, { viewportOnly: true });
      await dialog.getByRole("button", { name: texts.save }).click();
      await expect(dialog).toHaveCount(0);
      await expect(page.getByText(f.languageDefault)).toHaveCount(0);
      await expect(page.locator("dd", { hasText: /^English$/ })).toBeVisible();
      await screenshot(page, `lead-language-${language}`);
    });

    test("in a sandbox no channel can send, and the page says so", async () => {
      await page.goto("/settings/organization");
      const card = page.getByTestId("sandbox-card");
      await card.getByRole("button", { name: texts.createSandbox }).click();
      await expectToast(page, texts.sandboxCreated);
      await card.getByRole("button", { name: texts.openSandbox }).click();
      await expect(page.getByTestId("sandbox-banner")).toBeVisible();
      await page.goto("/settings/instant-reply");
      await expect(page.getByTestId("instant-reply-no-channel")).toBeVisible();
      await expect(page.getByTestId("channel-email")).toContainText(texts.cannotSend);
      await screenshot(page, `instant-reply-none-${language}`);
    });
  });
}
