import { expect, test } from "@playwright/test";
import { createHash, randomBytes } from "node:crypto";
import { adminCli } from "./support/admin-cli";
import { expectToast, newAccount, screenshot, signUp } from "./support/dashboard";
import { E2E_ORIGIN } from "./support/e2e-environment";
import { linkIn, waitForMail } from "./support/mailbox";

/**
 * Connecting an automation platform: the platform sends the person to
 * /oauth/authorize, they sign in and come back, pick one of their
 * organizations and click Allow; the platform exchanges the code (with its
 * PKCE verifier) and calls the API; the owner revokes it in Settings and
 * the token stops working at once.
 */
const REDIRECT_URI = "https://zapflow.test/oauth/return";

function me(token: string) {
  return fetch(`${E2E_ORIGIN}/api/v1/me`, { headers: { Authorization: `Bearer ${token}` } });
}

test("sign in, consent with the organization picker, exchange the code, call the API, revoke in Settings", async ({ browser }) => {
  const account = newAccount("Connector");
  const setup = await browser.newPage();
  await signUp(setup, account);
  // The CLI adds only confirmed addresses to an organization: open the confirmation mail's link first.
  await setup.goto(linkIn(await waitForMail(account.email, /Confirm your email/), "/verify-email"));
  await expect(setup.getByText(`${account.email} is confirmed`)).toBeVisible({ timeout: 30_000 });
  const second = await adminCli<{ id: string; name: string }>("org", "create", "--name", `Second ${account.organization}`);
  await adminCli("user", "create", "--org", second.id, "--email", account.email, "--name", account.name, "--role", "owner");
  const app = await adminCli<{ clientId: string; clientSecret: string }>("oauth-client", "create", "--name", "Zapflow", "--redirect-uri", REDIRECT_URI);

  // The platform's side: PKCE verifier and challenge, state.
  const verifier = randomBytes(32).toString("base64url");
  const challenge = createHash("sha256").update(verifier).digest("base64url");
  const state = randomBytes(16).toString("hex");
  const authorize = new URL("/oauth/authorize", E2E_ORIGIN);
  for (const [name, value] of Object.entries({
    response_type: "code",
    client_id: app.clientId,
    redirect_uri: REDIRECT_URI,
    scope: "leads:read leads:write",
    state,
    code_challenge: challenge,
    code_challenge_method: "S256",
  })) {
    authorize.searchParams.set(name, value);
  }

  // A fresh browser without a session: sign-in first, then back to the consent page.
  const context = await browser.newContext();
  const page = await context.newPage();
  let landed: URL | null = null;
  await page.route("https://zapflow.test/**", async (route) => {
    landed = new URL(route.request().url());
    await route.fulfill({ status: 200, contentType: "text/html", body: "<p>Connected</p>" });
  });
  // The consent page's policy has no source browsers refuse (second audit, item 10): nothing about CSP is logged.
  const policyComplaints: string[] = [];
  page.on("console", (message) => {
    if (/Content Security Policy/i.test(message.text())) policyComplaints.push(message.text());
  });
  await page.goto(authorize.toString());
  await expect(page).toHaveURL(/\/login\?callbackUrl=/);
  await page.getByLabel("Work email").fill(account.email);
  await page.getByLabel("Password").fill(account.password);
  await page.getByRole("button", { name: "Sign in" }).click();
  await expect(page.getByRole("heading", { name: "Connect Zapflow to inmo" })).toBeVisible({ timeout: 30_000 });
  await expect(page.getByText("you will be sent to zapflow.test")).toBeVisible();
  await expect(page.getByText("See your leads, their activity and timelines")).toBeVisible();
  const picker = page.getByLabel("Organization");
  await expect(picker.locator("option")).toHaveText([account.organization, second.name].sort());
  await picker.selectOption({ label: account.organization });
  await screenshot(page, "oauth-consent");
  expect(policyComplaints).toEqual([]);

  await page.getByRole("button", { name: "Allow" }).click();
  await expect.poll(() => landed?.searchParams.get("code") ?? null).toMatch(/^oac_/);
  const back = landed as unknown as URL;
  expect(back.searchParams.get("state")).toBe(state);
  expect(back.searchParams.get("iss")).toBe(E2E_ORIGIN);

  const exchange = await fetch(`${E2E_ORIGIN}/oauth/token`, {
    method: "POST",
    headers: {
      "content-type": "application/x-www-form-urlencoded",
      authorization: `Basic ${Buffer.from(`${app.clientId}:${app.clientSecret}`).toString("base64")}`,
    },
    body: new URLSearchParams({ grant_type: "authorization_code", code: back.searchParams.get("code")!, redirect_uri: REDIRECT_URI, code_verifier: verifier }),
  });
  expect(exchange.status).toBe(200);
  const tokens = (await exchange.json()) as { access_token: string; refresh_token: string; scope: string };
  expect(tokens.scope).toBe("leads:read leads:write");
  const connected = await me(tokens.access_token);
  expect(connected.status).toBe(200);
  expect(await connected.json()).toMatchObject({ organization: { name: account.organization }, auth: { type: "oauth", clientId: app.clientId } });

  // The owner sees the connection in Settings and revokes it.
  await setup.goto("/settings/connected-apps");
  const row = setup.getByRole("row", { name: /Zapflow/ });
  await expect(row).toContainText(account.name);
  await expect(row).toContainText("leads:read");
  await screenshot(setup, "oauth-settings-connected-apps");
  await row.getByRole("button", { name: "Revoke access" }).click();
  await setup.getByRole("dialog", { name: "Revoke this app?" }).getByRole("button", { name: "Revoke access" }).click();
  await expectToast(setup, "Access revoked");
  expect((await me(tokens.access_token)).status).toBe(401);
  await context.close();
  await setup.close();
});

test("an unregistered redirect URI shows an error page and never leaves the site", async ({ page }) => {
  const app = await adminCli<{ clientId: string }>("oauth-client", "create", "--name", "Zapflow", "--redirect-uri", REDIRECT_URI);
  await page.goto(`/oauth/authorize?response_type=code&client_id=${app.clientId}&redirect_uri=${encodeURIComponent("https://evil.test/cb")}&state=x&scope=leads:read`);
  await expect(page.getByRole("heading", { name: "This connection cannot be made" })).toBeVisible();
  await expect(page).toHaveURL(/\/oauth\/authorize\?/);
  await screenshot(page, "oauth-error");
});

test("an owner registers the organization's own app, sees its secret once, and can disable it", async ({ page }) => {
  await signUp(page, newAccount("Builder"));
  await page.goto("/settings/connected-apps");
  await page.getByRole("button", { name: "Register app" }).click();
  const dialog = page.getByRole("dialog", { name: "Register app" });
  await dialog.getByLabel("Name").fill("Our n8n");
  await dialog.getByLabel("Redirect URIs").fill("http://n8n.internal/rest/oauth2-credential/callback");
  await dialog.getByRole("button", { name: "Register app" }).click();
  await expect(dialog.getByText("must use https")).toBeVisible();
  await dialog.getByLabel("Redirect URIs").fill("https://n8n.builder.test/rest/oauth2-credential/callback");
  await screenshot(page, "oauth-register-own-app");
  await dialog.getByRole("button", { name: "Register app" }).click();

  const secret = page.getByRole("dialog", { name: "Client secret" });
  expect(await secret.getByTestId("new-client-secret").textContent()).toMatch(/^ocs_/);
  await secret.getByRole("button", { name: "I've copied it" }).click();
  const row = page.getByRole("row", { name: /Our n8n/ });
  await expect(row).toContainText("cli_");
  await expect(row).toContainText("Confidential");
  await row.getByRole("button", { name: "Disable" }).click();
  await expect(row).toContainText("Disabled");
});
