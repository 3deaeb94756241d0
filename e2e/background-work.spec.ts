import { expect, test, type Page } from "@playwright/test";
import { readFileSync } from "node:fs";
import path from "node:path";
import pg from "pg";
import { embeddedPasswordFile } from "../server/db/embedded-postgres";
import { expectToast, newAccount, screenshot, signUp } from "./support/dashboard";
import { E2E_DATA_DIR, E2E_PG_PORT } from "./support/e2e-environment";
import { waitForMail } from "./support/mailbox";

/**
 * What an admin sees of the background work: whether the server can send
 * email (this e2e server sends to a loopback SMTP server, so it says from
 * which address, and a test email arrives), and a webhook endpoint the system turned off after days of
 * failures, with why and since when, and enabling it again.
 */
test.describe.configure({ mode: "serial" });

const account = newAccount("Ops");
/** A loopback target nobody listens on (the e2e server allows private targets). */
const TARGET = `https://127.0.0.1:9/inmo-${Date.now()}`;
let page: Page;

test.beforeAll(async ({ browser }) => {
  page = await browser.newPage();
  await signUp(page, account);
});

test.afterAll(async () => {
  await page.close();
});

test("Settings → Organization says where email is sent from, and a test email reaches the mail server", async () => {
  await page.goto("/settings/organization");
  await expect(page.getByRole("heading", { name: "Outgoing email" })).toBeVisible();
  await expect(page.getByText("Email is sent from inmo e2e <mailer@inmo.test>.")).toBeVisible();
  await page.getByRole("button", { name: "Send me a test email" }).click();
  await expectToast(page, `Test email queued to ${account.email}`);
  await waitForMail(account.email, /^Test email from /);
  await screenshot(page, "settings-outgoing-email");
});

test("an endpoint disabled for failing shows why and since when, and can be enabled again", async () => {
  await page.goto("/settings/webhooks");
  await page.getByRole("button", { name: "Add endpoint" }).first().click();
  const dialog = page.getByRole("dialog", { name: "Add endpoint" });
  await dialog.getByLabel("Name").fill("Old CRM");
  await dialog.getByLabel("Endpoint URL").fill(TARGET);
  await dialog.getByRole("button", { name: "Add endpoint" }).click();
  await page.getByRole("dialog", { name: "Signing secret" }).getByRole("button", { name: "I've copied it" }).click();

  // What the delivery engine does after 3 days of failures (the rule itself is covered by the Vitest suite).
  const client = new pg.Client({ connectionString: `postgresql://inmo:${encodeURIComponent(readFileSync(embeddedPasswordFile(path.join(E2E_DATA_DIR, "postgres")), "utf8").trim())}@127.0.0.1:${E2E_PG_PORT}/inmo` });
  await client.connect();
  await client.query(
    `UPDATE "WebhookSubscription" SET "isActive" = false, "disabledReason" = 'failing', "disabledAt" = now(),
       "consecutiveFailures" = 7, "failingSince" = now() - interval '3 days'
     WHERE "targetUrl" = $1`,
    [TARGET],
  );
  await client.end();

  await page.reload();
  const row = page.getByRole("row", { name: /Old CRM/ });
  await expect(row.getByText("Disabled", { exact: true })).toBeVisible();
  await expect(row.getByTestId("disabled-reason")).toContainText("failing for 3 days without a single success");
  await expect(row.getByTestId("disabled-reason")).toContainText("since");
  await screenshot(page, "settings-webhook-disabled-for-failing");

  await row.getByRole("button", { name: "Enable" }).click();
  await expectToast(page, "Endpoint enabled");
  await expect(row.getByText("Enabled", { exact: true })).toBeVisible();
  await expect(row.getByTestId("disabled-reason")).toHaveCount(0);
});
