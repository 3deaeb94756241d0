import { expect, test, type Page } from "@playwright/test";
import { expectToast, newAccount, screenshot, signUp } from "./support/dashboard";

/**
 * Settings → Instant reply in both languages: with outgoing e-mail set up
 * (the test server's SMTP) and no WhatsApp number connected, the page says
 * which channel can send and saves a source's reply; in a sandbox, where
 * nothing is ever sent, it says plainly that no reply can go out.
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
