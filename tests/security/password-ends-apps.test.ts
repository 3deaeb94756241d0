import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { configureForTests } from "../../server/config/config";
import { hashPassword } from "../../server/auth/passwords";
import { closeSmtpTransports } from "../../server/mail/smtp-transport";
import { connect, discover, refresh, registerApp } from "../oauth/oauth-client-helpers";
import { useApiTest } from "../support/api-test";
import { seedMember, seedOAuthToken } from "../support/factories";
import { startSmtpCapture, type SmtpCapture } from "../support/smtp-capture";
import { APP_ORIGIN, deliverMail, freshAddress, linkToken, trpc } from "../team/support/team-http";
import { sessionCookie } from "./support/dashboard-session";

/**
 * Second audit, L7: a password reset or change ends the account's connected
 * apps as well as its sessions. Whoever knew the old password may have
 * connected an app; its tokens (and refreshes) stop working, in every
 * organization of the person.
 */
const t = useApiTest();
let smtp: SmtpCapture;

beforeAll(async () => {
  smtp = await startSmtpCapture();
  configureForTests({ NEXTAUTH_URL: APP_ORIGIN, SMTP_URL: smtp.url });
});
afterEach(() => closeSmtpTransports());
afterAll(async () => {
  await smtp.close();
  configureForTests({ SMTP_URL: undefined, NEXTAUTH_URL: undefined });
});

const me = (token: string) => t.server.api("/me", { token });

async function connectedPerson(email: string) {
  const person = await seedMember(t.db, t.org.id, { role: "admin", email });
  await t.db.user.update({ where: { id: person.userId }, data: { passwordHash: await hashPassword("the old password"), emailVerifiedAt: new Date() } });
  // The OAuth issuer is the server's own origin here; mailed links point at APP_ORIGIN.
  configureForTests({ NEXTAUTH_URL: undefined });
  const as = await discover(t.server);
  const app = await registerApp(t.db);
  const { tokens } = await connect(t.server, as, app, { userId: person.userId, organizationId: t.org.id, scope: "leads:read" });
  configureForTests({ NEXTAUTH_URL: APP_ORIGIN });
  const operatorIssued = await seedOAuthToken(t.db, { organizationId: t.org.id, userId: person.userId, scopes: ["leads:read"] });
  expect((await me(tokens.access_token)).status).toBe(200);
  expect((await me(operatorIssued.token)).status).toBe(200);
  return { person, as, app, tokens, operatorToken: operatorIssued.token };
}

async function expectAppsEnded(connected: Awaited<ReturnType<typeof connectedPerson>>) {
  const { as, app, tokens, operatorToken, person } = connected;
  expect((await me(tokens.access_token)).status).toBe(401);
  expect((await me(operatorToken)).status).toBe(401);
  configureForTests({ NEXTAUTH_URL: undefined });
  const refused = await refresh(as, app, tokens.refresh_token!);
  configureForTests({ NEXTAUTH_URL: APP_ORIGIN });
  expect(refused.status).toBe(400);
  expect(await refused.json()).toMatchObject({ error: "invalid_grant" });
  const grants = await t.db.oAuthGrant.findMany({ where: { userId: person.userId } });
  expect(grants.length).toBeGreaterThan(0);
  expect(grants.every((grant) => grant.revokedReason === "password_changed")).toBe(true);
}

describe("a password reset or change ends the connected apps (L7)", () => {
  it("reset by mailed link", async () => {
    const connected = await connectedPerson("reset-apps@example.test");
    await trpc(t.server, "account.requestPasswordReset", { mutation: true, input: { email: connected.person.email }, address: freshAddress() });
    await deliverMail(t.db);
    const token = linkToken(smtp.messages.findLast((m) => m.envelopeTo.includes(connected.person.email))!, "/reset-password");
    const reset = await trpc(t.server, "account.resetPassword", { mutation: true, input: { token, password: "a brand new password" } });
    expect(reset.status).toBe(200);
    await expectAppsEnded(connected);
  });

  it("change from the profile", async () => {
    const connected = await connectedPerson("change-apps@example.test");
    const cookie = await sessionCookie({ userId: connected.person.userId, organizationId: t.org.id });
    const changed = await trpc(t.server, "account.changePassword", {
      cookie,
      mutation: true,
      input: { currentPassword: "the old password", newPassword: "a brand new password" },
    });
    expect(changed.status).toBe(200);
    await expectAppsEnded(connected);
  });

  it("a wrong current password changes nothing and ends nothing", async () => {
    const connected = await connectedPerson("wrong-current@example.test");
    const cookie = await sessionCookie({ userId: connected.person.userId, organizationId: t.org.id });
    const refused = await trpc(t.server, "account.changePassword", {
      cookie,
      mutation: true,
      input: { currentPassword: "not it", newPassword: "a brand new password" },
    });
    expect(refused.status).toBe(400);
    expect((await me(connected.tokens.access_token)).status).toBe(200);
  });
});
