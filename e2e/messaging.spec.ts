import { readFileSync } from "node:fs";
import { expect, test, type Page } from "@playwright/test";
import type { FakeSender, RecordedSend } from "../tests/fakes/whatsapp-graph";
import { postWebhook, statusPayload } from "../tests/fakes/whatsapp-webhook";
import { expectToast, newAccount, screenshot, signUp } from "./support/dashboard";
import { E2E_ORIGIN, E2E_WHATSAPP_APP_SECRET, E2E_WHATSAPP_FAKE_FILE } from "./support/e2e-environment";

/**
 * WhatsApp from a sales manager's chair: connect the company number in
 * Settings → Messaging, receive a lead's message, answer it from the lead's
 * page and watch the ticks advance as WhatsApp reports delivery and reading
 * (driven here by signed status callbacks, as Meta sends them), send a
 * template, and see why a message was not delivered.
 */
test.describe.configure({ mode: "serial" });

const account = newAccount("Whats");
const WEBHOOK = `${E2E_ORIGIN}/api/integrations/whatsapp/webhook`;
let page: Page;
let graphUrl = "";
let fake: FakeSender;

async function lastSend(): Promise<RecordedSend> {
  const sends = (await (await fetch(`${graphUrl}/_fake/sends`)).json()) as RecordedSend[];
  return sends.at(-1)!;
}

async function callback(payload: unknown) {
  const response = await postWebhook(WEBHOOK, E2E_WHATSAPP_APP_SECRET, payload);
  expect(response.status).toBe(200);
}

test.beforeAll(async ({ browser }) => {
  graphUrl = (JSON.parse(readFileSync(E2E_WHATSAPP_FAKE_FILE, "utf8")) as { baseUrl: string }).baseUrl;
  const registered = await fetch(`${graphUrl}/_fake/senders`, {
    method: "POST",
    body: JSON.stringify({ displayPhoneNumber: "+507 6000-0001", verifiedName: "Casa Azul Realty" }),
  });
  fake = (await registered.json()) as FakeSender;
  page = await browser.newPage();
  await signUp(page, account);
});

test.afterAll(async () => {
  await page.close();
});

test("an admin connects the company's WhatsApp number; WhatsApp checks the details first", async () => {
  await page.goto("/settings/messaging");
  await expect(page.getByRole("link", { name: "Messaging" })).toHaveAttribute("aria-current", "page");
  await expect(page.getByText("No WhatsApp number connected")).toBeVisible();
  await expect(page.getByTestId("whatsapp-webhook-url")).toHaveText(WEBHOOK);
  await screenshot(page, "messaging-settings-empty");

  await page.getByRole("button", { name: "Connect a number" }).click();
  const dialog = page.getByRole("dialog", { name: "Connect a WhatsApp number" });
  await dialog.getByLabel("Name").fill("Ventas");
  await dialog.getByLabel("Phone number ID").fill(fake.phoneNumberId);
  await dialog.getByLabel("WhatsApp Business account ID").fill(fake.businessAccountId);
  await dialog.getByLabel("Access token").fill("EAAGthis-token-was-revoked-long-ago");
  await dialog.getByRole("button", { name: "Check and connect" }).click();
  await expect(dialog.locator("[data-field-error]")).toContainText("WhatsApp refused this access token");
  await screenshot(page, "messaging-connect-refused");

  await dialog.getByLabel("Access token").fill(fake.accessToken);
  await dialog.getByRole("button", { name: "Check and connect" }).click();
  await expectToast(page, "WhatsApp number connected");
  const row = page.getByTestId("whatsapp-sender");
  await expect(row).toContainText("Ventas");
  await expect(row).toContainText("+507 6000-0001");
  await expect(row).toContainText("Casa Azul Realty");
  await expect(row).toContainText("Connected");
  await screenshot(page, "messaging-settings-connected");
});

test("a lead's message shows on their page; the answer's ticks advance as WhatsApp reports delivery", async () => {
  await page.goto("/leads");
  await page.getByRole("button", { name: "New lead" }).click();
  const dialog = page.getByRole("dialog", { name: "New lead" });
  await dialog.getByLabel("First name").fill("Marta");
  await dialog.getByLabel("Last name").fill("Ríos");
  await dialog.getByLabel("Phone").fill("+507 6555-0101");
  await dialog.getByRole("button", { name: "Create" }).click();
  await expectToast(page, "Lead created");
  await expect(page.getByTestId("lead-name")).toHaveText("Marta Ríos");

  const card = page.getByTestId("whatsapp-card");
  await expect(card).toContainText("+507 6555-0101");
  await expect(card.getByTestId("whatsapp-window")).toContainText("only an approved template reaches them");
  // Outside the window the composer offers templates only.
  await expect(card.getByRole("tab", { name: "Template" })).toBeVisible();
  await expect(card.getByRole("tab")).toHaveCount(1);
  await screenshot(page, "whatsapp-window-closed");

  // Marta writes first: WhatsApp (the fake) opens her 24-hour window and posts her message to our webhook, signed.
  const inbound = await fetch(`${graphUrl}/_fake/inbound`, {
    method: "POST",
    body: JSON.stringify({ phoneNumberId: fake.phoneNumberId, from: "50765550101", name: "Marta Ríos", text: "Hola, ¿sigue disponible el 4B?" }),
  });
  expect(((await inbound.json()) as { webhookStatus: number | null }).webhookStatus).toBe(200);
  await expect(card.locator("[data-direction='inbound']")).toContainText("¿sigue disponible el 4B?");
  await expect(card.getByTestId("whatsapp-window")).toContainText("Free text reaches them until");

  await card.getByPlaceholder("Write a message…").fill("¡Hola Marta! Sí, sigue disponible. ¿Le viene bien visitarlo el sábado?");
  await card.getByRole("button", { name: "Send" }).click();
  await expectToast(page, "Message sent");
  const reply = card.locator("[data-direction='outbound']").last();
  await expect(reply).toContainText("¿Le viene bien visitarlo el sábado?");
  await expect(reply.getByTestId("delivery-status")).toHaveAttribute("data-status", "accepted");
  await screenshot(page, "whatsapp-lead-sent");

  const sent = await lastSend();
  expect(sent.to).toBe("50765550101");
  await callback(statusPayload({ phoneNumberId: fake.phoneNumberId, providerMessageId: sent.providerMessageId, status: "sent" }));
  await expect(reply.getByTestId("delivery-status")).toHaveAttribute("data-status", "sent");
  await callback(statusPayload({ phoneNumberId: fake.phoneNumberId, providerMessageId: sent.providerMessageId, status: "delivered" }));
  await expect(reply.getByTestId("delivery-status")).toHaveAttribute("data-status", "delivered");
  await callback(statusPayload({ phoneNumberId: fake.phoneNumberId, providerMessageId: sent.providerMessageId, status: "read" }));
  await expect(reply.getByTestId("delivery-status")).toHaveAttribute("data-status", "read");
  await expect(reply.getByRole("img", { name: "Read" })).toBeVisible();

  // Both messages are on the lead's timeline too.
  const timeline = page.getByTestId("lead-timeline");
  await expect(timeline.locator("[data-activity-type='social_message']")).toHaveCount(2);
  await screenshot(page, "whatsapp-lead-read");
});

test("a template goes out with its values; a message WhatsApp could not deliver says why", async () => {
  const card = page.getByTestId("whatsapp-card");
  await card.getByRole("tab", { name: "Template" }).click();
  await card.getByLabel("Template", { exact: true }).selectOption({ label: "visita_confirmada (es)" });
  await card.getByLabel("Value for {{1}}").fill("Marta");
  await card.getByLabel("Value for {{2}}").fill("Torre Azul 4B");
  await expect(card.getByTestId("whatsapp-template-preview")).toHaveText("Hola Marta, tu visita a Torre Azul 4B está confirmada.");
  await screenshot(page, "whatsapp-template");
  await card.getByRole("button", { name: "Send" }).click();
  await expectToast(page, "Message sent");
  const template = card.locator("[data-direction='outbound']").last();
  await expect(template).toContainText("Hola Marta, tu visita a Torre Azul 4B está confirmada.");

  const sent = await lastSend();
  await callback(
    statusPayload({
      phoneNumberId: fake.phoneNumberId,
      providerMessageId: sent.providerMessageId,
      status: "failed",
      error: { code: 131049, title: "This message was not delivered to maintain healthy ecosystem engagement." },
    }),
  );
  await expect(template.getByTestId("delivery-status")).toHaveAttribute("data-status", "failed");
  await expect(template.getByTestId("whatsapp-failure")).toContainText("held this marketing message back");
  await card.scrollIntoViewIfNeeded();
  await screenshot(page, "whatsapp-lead-failed");
});
