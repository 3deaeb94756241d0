import { readFileSync } from "node:fs";
import { expect, test, type Page } from "@playwright/test";
import { createApiClient } from "../lib/api-client/index";
import { signatureIsValid, startReceiver, type TestReceiver } from "../tests/webhooks/support/receiver";
import { adminCli } from "./support/admin-cli";
import { expectToast, newAccount, screenshot, signUp } from "./support/dashboard";
import { E2E_ORIGIN, E2E_RECEIVER_TLS_FILE } from "./support/e2e-environment";

/**
 * An admin's Settings: API keys that work at once and stop at once, connected
 * apps, webhook endpoints with their delivery log, the organization's
 * language and time zone, and the members list.
 */
test.describe.configure({ mode: "serial" });

const account = newAccount("Admin");
let page: Page;
let receiver: TestReceiver;
let organizationId = "";

/** The API as an integrator calls it: through the client typed from the published OpenAPI document. */
function me(token: string) {
  return createApiClient(E2E_ORIGIN, token).GET("/me");
}

test.beforeAll(async ({ browser }) => {
  receiver = await startReceiver(JSON.parse(readFileSync(E2E_RECEIVER_TLS_FILE, "utf8")) as { key: string; cert: string });
  page = await browser.newPage();
  await signUp(page, account);
});

test.afterAll(async () => {
  await page.close();
  await receiver.close();
});

test("an API key is shown once, works against the REST API, and stops working when revoked", async () => {
  await page.getByRole("link", { name: "Settings", exact: true }).click();
  await expect(page).toHaveURL(/\/settings\/organization$/);
  await page.getByRole("link", { name: "API keys" }).click();
  await expect(page.getByText("No API keys")).toBeVisible();

  await page.getByRole("button", { name: "Create API key" }).first().click();
  const dialog = page.getByRole("dialog", { name: "Create API key" });
  // A new key starts with read-only usage and the event journal; cleared, the dialog asks for a scope.
  await expect(dialog.getByRole("checkbox", { name: "usage:read", exact: true })).toBeChecked();
  await expect(dialog.getByRole("checkbox", { name: "events:read", exact: true })).toBeChecked();
  await dialog.getByRole("button", { name: "Clear", exact: true }).click();
  await dialog.getByRole("button", { name: "Create API key" }).click();
  await expect(dialog.getByText("must not be empty")).toBeVisible();
  await expect(dialog.getByText("choose at least 1")).toBeVisible();

  await dialog.getByLabel("Name").fill("Website form");
  await dialog.getByRole("checkbox", { name: "Leads", exact: true }).check();
  await dialog.getByRole("checkbox", { name: "Members", exact: true }).check();
  await dialog.getByLabel("Expires").selectOption("90");
  await screenshot(page, "settings-api-key-create");
  await dialog.getByRole("button", { name: "Create API key" }).click();

  const created = page.getByRole("dialog", { name: "Your new API key" });
  await expect(created.getByText("will not be shown again")).toBeVisible();
  const key = (await created.getByTestId("new-api-key").textContent()) ?? "";
  expect(key).toMatch(/^svc_k_[0-9a-f]{32}$/);
  await screenshot(page, "settings-api-key-created");
  await created.getByRole("button", { name: "I've copied it" }).click();

  const row = page.getByRole("row", { name: /Website form/ });
  await expect(row).toContainText("svc_k_");
  await expect(row).toContainText("Active");
  await expect(row).toContainText(account.name);

  const ok = await me(key);
  expect(ok.response.status).toBe(200);
  expect(ok.data?.organization.name).toBe(account.organization);
  expect(ok.data?.auth).toMatchObject({ type: "api_key", scopes: ["leads:read", "leads:write", "members:read"] });
  organizationId = ok.data!.organization.id;
  const api = createApiClient(E2E_ORIGIN, key);
  const leads = await api.GET("/leads", { params: { query: { limit: 5 } } });
  expect(leads.response.status).toBe(200);
  expect(leads.data?.pagination).toMatchObject({ total: 0, limit: 5, offset: 0 });
  const projects = await api.GET("/projects");
  expect(projects.response.status).toBe(403);
  expect(projects.error?.error.code).toBe("FORBIDDEN");

  await row.getByRole("button", { name: "Revoke" }).click();
  const confirm = page.getByRole("dialog", { name: "Revoke this key?" });
  await expect(confirm).toContainText("Website form");
  await confirm.getByRole("button", { name: "Revoke" }).click();
  await expectToast(page, "Key revoked");
  await expect(row).toContainText("Revoked");
  await screenshot(page, "settings-api-keys");

  const refused = await me(key);
  expect(refused.response.status).toBe(403);
  expect(refused.error).toMatchObject({ error: { code: "FORBIDDEN" } });
});

test("a connected app is listed with its user and scopes, and revoking it cuts its token at once", async () => {
  const { clientId } = await adminCli<{ clientId: string }>("oauth-client", "create", "--name", "Zapflow", "--redirect-uri", "https://zapflow.example/cb");
  const { token } = await adminCli<{ token: string }>("oauth-token", "create", "--org", organizationId, "--user", account.email, "--client", clientId, "--scopes", "leads:read,webhooks:manage");
  expect((await me(token)).response.status).toBe(200);

  await page.getByRole("link", { name: "Connected apps" }).click();
  const row = page.getByRole("row", { name: /Zapflow/ });
  await expect(row).toContainText(account.name);
  await expect(row).toContainText("leads:read");
  await screenshot(page, "settings-connected-apps");

  await row.getByRole("button", { name: "Revoke access" }).click();
  await page.getByRole("dialog", { name: "Revoke this app?" }).getByRole("button", { name: "Revoke access" }).click();
  await expectToast(page, "Access revoked");
  await expect(page.getByText("No connected apps")).toBeVisible();
  expect((await me(token)).response.status).toBe(401);
});

test("a webhook endpoint receives a signed delivery that shows in the delivery log", async () => {
  await page.getByRole("link", { name: "Webhooks" }).click();
  await expect(page.getByText("No webhook endpoints")).toBeVisible();
  await page.getByRole("button", { name: "Add endpoint" }).first().click();
  const dialog = page.getByRole("dialog", { name: "Add endpoint" });
  await dialog.getByLabel("Name").fill("CRM mirror");
  await dialog.getByLabel("Endpoint URL").fill(receiver.url("/inmo"));
  await dialog.getByLabel("Event").selectOption("lead.created");
  await dialog.getByRole("button", { name: "Add endpoint" }).click();
  const secretDialog = page.getByRole("dialog", { name: "Signing secret" });
  const secret = (await secretDialog.getByTestId("webhook-secret").textContent()) ?? "";
  expect(secret).toMatch(/^whsec_/);
  await secretDialog.getByRole("button", { name: "I've copied it" }).click();
  await expect(page.getByRole("row", { name: /CRM mirror/ })).toContainText("Enabled");

  // A lead created in the dashboard fires lead.created, marked as coming from the UI.
  await page.getByRole("link", { name: "Leads", exact: true }).click();
  await page.getByRole("button", { name: "New lead" }).click();
  const leadDialog = page.getByRole("dialog", { name: "New lead" });
  await leadDialog.getByLabel("First name").fill("Mateo");
  await leadDialog.getByLabel("Email").fill("mateo@example.com");
  await leadDialog.getByRole("button", { name: "Create" }).click();
  await expectToast(page, "Lead created");

  const [delivery] = await receiver.waitFor(1, 30_000);
  expect(delivery?.headers["x-service-event"]).toBe("lead.created");
  expect(delivery?.headers["x-service-source"]).toBe("ui");
  expect(signatureIsValid(delivery!.rawBody, delivery!.headers["x-service-signature"], secret)).toBe(true);

  await page.getByRole("link", { name: "Settings", exact: true }).click();
  await page.getByRole("link", { name: "Webhooks" }).click();
  const log = page.getByTestId("delivery-log");
  const item = log.locator("[data-event-type='lead.created']").first();
  await expect(item).toHaveAttribute("data-delivery-status", "succeeded");
  await expect(item).toContainText("Delivered");
  await expect(item.locator("[data-attempt='1']")).toContainText("HTTP 200");
  await expect(item).toContainText("ui");
  await screenshot(page, "settings-webhooks");

  const endpoint = page.getByRole("row", { name: /CRM mirror/ });
  await endpoint.getByRole("button", { name: "Pause" }).click();
  await expectToast(page, "Endpoint paused");
  await expect(endpoint).toContainText("Paused");
  await endpoint.getByRole("button", { name: "Enable" }).click();
  await expect(endpoint).toContainText("Enabled");

  // Rotating the secret: the new one is shown once, and until the overlap ends both sign every delivery.
  await endpoint.getByRole("button", { name: "Rotate secret" }).click();
  const rotatedDialog = page.getByRole("dialog", { name: "New signing secret" });
  const rotated = (await rotatedDialog.getByTestId("webhook-rotated-secret").textContent()) ?? "";
  expect(rotated).toMatch(/^whsec_/);
  await screenshot(page, "settings-webhooks-rotated-secret");
  await rotatedDialog.getByRole("button", { name: "I've copied it" }).click();
  await expect(endpoint.getByTestId("secret-overlap")).toContainText("Previous secret valid until");
  await screenshot(page, "settings-webhooks-overlap");
  const before = receiver.received.length;
  await page.getByRole("link", { name: "Leads", exact: true }).click();
  await page.getByRole("button", { name: "New lead" }).click();
  const rotationLead = page.getByRole("dialog", { name: "New lead" });
  await rotationLead.getByLabel("First name").fill("Rocío");
  await rotationLead.getByLabel("Email").fill("rocio@example.com");
  await rotationLead.getByRole("button", { name: "Create" }).click();
  await expectToast(page, "Lead created");
  await page.getByRole("link", { name: "Settings", exact: true }).click();
  await page.getByRole("link", { name: "Webhooks" }).click();
  const [overlapping] = (await receiver.waitFor(before + 1, 30_000)).slice(before);
  const signatures = String(overlapping?.headers["x-service-signatures"]).split(" ");
  expect(signatures.some((one) => signatureIsValid(overlapping!.rawBody, one, secret))).toBe(true);
  expect(signatures.some((one) => signatureIsValid(overlapping!.rawBody, one, rotated))).toBe(true);
  await endpoint.getByTestId("secret-overlap").getByRole("button", { name: "End now" }).click();
  await expectToast(page, "Only the new secret signs deliveries now");
  await expect(endpoint.getByTestId("secret-overlap")).toHaveCount(0);
});

test("a failing endpoint shows each attempt and its next retry; a failed delivery can be resent", async () => {
  test.setTimeout(180_000);
  receiver.respondWith((_delivery, res) => void res.writeHead(500).end("receiver down"));
  await page.getByRole("link", { name: "Leads", exact: true }).click();
  await page.getByRole("button", { name: "New lead" }).click();
  const leadDialog = page.getByRole("dialog", { name: "New lead" });
  await leadDialog.getByLabel("First name").fill("Sofía");
  await leadDialog.getByLabel("Phone").fill("+52 55 1234 5678");
  await leadDialog.getByRole("button", { name: "Create" }).click();
  await expectToast(page, "Lead created");

  await page.getByRole("link", { name: "Settings", exact: true }).click();
  await page.getByRole("link", { name: "Webhooks" }).click();
  const item = page.getByTestId("delivery-log").locator("[data-delivery-status='pending']").first();
  await expect(item.locator("[data-attempt='1']")).toContainText("HTTP 500");
  await expect(item).toContainText("Next retry");
  await screenshot(page, "settings-webhooks-retrying");

  // Paused, the endpoint's pending delivery ends as failed when its retry comes due (a minute later).
  const endpoint = page.getByRole("row", { name: /CRM mirror/ });
  await endpoint.getByRole("button", { name: "Pause" }).click();
  await expectToast(page, "Endpoint paused");
  const failed = page.getByTestId("delivery-log").locator("[data-delivery-status='failed']").first();
  await expect(failed).toBeVisible({ timeout: 120_000 });
  await screenshot(page, "settings-webhooks-failed");

  receiver.respondWith((_delivery, res) => void res.writeHead(204).end());
  await endpoint.getByRole("button", { name: "Enable" }).click();
  await expect(endpoint).toContainText("Enabled");
  const received = receiver.received.length;
  await failed.getByRole("button", { name: "Resend" }).click();
  await expectToast(page, "Delivery queued again");
  await receiver.waitFor(received + 1, 30_000);
  await expect(page.getByTestId("delivery-log").locator("[data-delivery-status='failed']")).toHaveCount(0, { timeout: 30_000 });
  await expect(page.getByTestId("delivery-log").locator("[data-attempt] >> text=HTTP 204").first()).toBeVisible();
});

test("members and organization settings: Spanish and a time zone apply across the dashboard", async () => {
  await page.getByRole("link", { name: "Members" }).click();
  const owner = page.getByRole("row", { name: new RegExp(account.email) });
  await expect(owner).toContainText("Owner");
  await screenshot(page, "settings-members");

  await page.getByRole("link", { name: "Organization" }).click();
  await page.getByLabel("Time zone").selectOption("America/Mexico_City");
  await page.getByLabel("Language").selectOption("es");
  await screenshot(page, "settings-organization");
  await page.getByRole("button", { name: "Save" }).click();
  await expect(page.getByRole("heading", { name: "Configuración", level: 1 })).toBeVisible();
  await expect(page.getByRole("link", { name: "Embudo" })).toBeVisible();
  await page.getByRole("link", { name: "Leads", exact: true }).click();
  await expect(page.getByRole("heading", { name: "Leads", level: 1 })).toBeVisible();
  await expect(page.getByText("Todas las personas con las que habla tu equipo.")).toBeVisible();
  await screenshot(page, "leads-list-es");
  // Times now read in Mexico City (UTC−6 all year).
  await page.getByRole("link", { name: "Configuración" }).click();
  await page.getByRole("link", { name: "Webhooks" }).click();
  await expect(page.getByTestId("delivery-log").locator("[data-attempt='1']").first()).toContainText(/GMT-6|CST/);
  await screenshot(page, "settings-webhooks-es");
});

test("an owner creates a sandbox from Settings, opens it, and every page says it is a sandbox", async () => {
  // Creating a sandbox copies the pipeline, pools and sample records in one transaction, then re-signs the
  // session twice; on a loaded two-core machine that alone can pass the default two minutes.
  test.setTimeout(300_000);
  // The organization is in Spanish since the previous test.
  await page.getByRole("link", { name: "Configuración" }).click();
  await page.getByRole("link", { name: "Organización" }).first().click();
  const card = page.getByTestId("sandbox-card");
  await card.getByRole("button", { name: "Crear sandbox" }).click();
  await expectToast(page, "Sandbox creado");
  await screenshot(page, "settings-sandbox-es");
  await card.getByRole("button", { name: "Abrir sandbox" }).click();
  await expect(page.getByTestId("sandbox-banner")).toContainText("nunca se envían mensajes de WhatsApp");
  // The sample leads are there; no live lead was copied.
  await expect(page.getByText("Lucía Martín").first()).toBeVisible();
  await expect(page.getByText("Mateo")).toHaveCount(0);
  await screenshot(page, "sandbox-leads-es");
  await page.getByRole("link", { name: "Configuración" }).click();
  await page.getByRole("link", { name: "Organización" }).first().click();
  await page.getByTestId("sandbox-card").getByRole("button", { name: /Volver a/ }).click();
  await expect(page.getByTestId("sandbox-banner")).toHaveCount(0);
});
