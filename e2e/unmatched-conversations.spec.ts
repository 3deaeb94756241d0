import { readFileSync } from "node:fs";
import { expect, test } from "@playwright/test";
import { dictionaryFor } from "../lib/i18n/dictionaries";
import { createPrismaClient } from "../server/db/client";
import type { FakeSender } from "../tests/fakes/whatsapp-graph";
import { inboundTextPayload, postWebhook } from "../tests/fakes/whatsapp-webhook";
import { embeddedDatabaseUrl } from "./support/admin-cli";
import { newAccount, screenshot, signUp } from "./support/dashboard";
import { E2E_ORIGIN, E2E_WHATSAPP_APP_SECRET, E2E_WHATSAPP_FAKE_FILE } from "./support/e2e-environment";

/**
 * Second audit, L10, as a manager sees it: a number writes while the
 * organization cannot take a lead from it (here its plan is full; past the
 * hourly budget of leads from unknown numbers it is the same), so the message
 * waits in Settings → Messaging under "conversations waiting for a lead";
 * once there is room, "Create lead" makes the lead and opens it. In both languages.
 */
const WEBHOOK = `${E2E_ORIGIN}/api/integrations/whatsapp/webhook`;

for (const language of ["en", "es"] as const) {
  test(`a conversation without a lead waits in Settings → Messaging and becomes a lead (${language})`, async ({ browser }) => {
    const t = dictionaryFor(language).messaging;
    const graphUrl = (JSON.parse(readFileSync(E2E_WHATSAPP_FAKE_FILE, "utf8")) as { baseUrl: string }).baseUrl;
    const fake = (await (await fetch(`${graphUrl}/_fake/senders`, { method: "POST", body: JSON.stringify({ displayPhoneNumber: "+507 6000-0002", verifiedName: "Costa Realty" }) })).json()) as FakeSender;
    const account = newAccount(`Waiting${language}`);
    const page = await browser.newPage();
    await signUp(page, account, { language });
    const connected = await page.evaluate(
      async (input) =>
        (await fetch("/api/trpc/messaging.connectSender", { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify(input) })).status,
      { label: "Ventas", phoneNumberId: fake.phoneNumberId, businessAccountId: fake.businessAccountId, accessToken: fake.accessToken },
    );
    expect(connected).toBe(200);

    const db = createPrismaClient(embeddedDatabaseUrl());
    try {
      const organization = await db.organization.findFirstOrThrow({ where: { name: account.organization } });
      await db.organization.update({ where: { id: organization.id }, data: { maxLeads: 0 } });
      const from = language === "en" ? "50761230001" : "50761230002";
      const answer = await postWebhook(WEBHOOK, E2E_WHATSAPP_APP_SECRET, inboundTextPayload({ phoneNumberId: fake.phoneNumberId, from, text: "Hola, ¿sigue disponible el piso?" }));
      expect(answer.status).toBe(200);

      await page.goto("/settings/messaging");
      const waiting = page.getByTestId("unmatched-conversation");
      await expect(page.getByRole("heading", { name: t.unmatchedTitle })).toBeVisible();
      await expect(waiting).toContainText(`+${from}`);
      await expect(waiting).toContainText("Hola, ¿sigue disponible el piso?");
      await screenshot(page, `messaging-unmatched-${language}`);

      await db.organization.update({ where: { id: organization.id }, data: { maxLeads: null } });
      await waiting.getByRole("button", { name: t.createLead }).click();
      await expect(page).toHaveURL(/\/leads\/lead_/);
      await expect(page.getByText(`+${from}`).first()).toBeVisible();
      await page.goto("/settings/messaging");
      await expect(page.getByText(t.unmatchedEmpty)).toBeVisible();
    } finally {
      await db.$disconnect();
      await page.close();
    }
  });
}
