import { execFile } from "node:child_process";
import path from "node:path";
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { ACCOUNT_MAIL_BUDGETS } from "../../server/auth/abuse-throttle";
import { verifyPassword } from "../../server/auth/passwords";
import { closeSmtpTransports } from "../../server/mail/smtp-transport";
import { useApiTest } from "../support/api-test";
import { seedMember, seedOrganization } from "../support/factories";
import { startSmtpCapture, type SmtpCapture } from "../support/smtp-capture";
import { sessionCookie } from "../security/support/dashboard-session";
import { APP_ORIGIN, deliverMail, freshAddress, linkToken, tokenOfUrl, trpc } from "./support/team-http";
import { configureForTests } from "../../server/config/config";

/**
 * Address verification, password reset and change, over real HTTP with the
 * mails sent to a real SMTP server on loopback; and the CLI refusing to
 * attach an account whose address was never verified.
 */
const t = useApiTest();
let smtp: SmtpCapture;

beforeAll(async () => {
  smtp = await startSmtpCapture();
  configureForTests({ NEXTAUTH_URL: APP_ORIGIN });
});
beforeEach(() => {
  configureForTests({ SMTP_URL: smtp.url });
  smtp.reset();
});
afterEach(() => closeSmtpTransports());
afterAll(async () => {
  await smtp.close();
  configureForTests({ SMTP_URL: undefined });
  configureForTests({ NEXTAUTH_URL: undefined });
});

const signUpInput = (email: string) => ({ name: "Sam Seller", email, password: "a long password", organizationName: "Sam Realty", locale: "en" });

async function signUp(email: string) {
  const answer = await trpc<{ verificationUrl: string | null }>(t.server, "account.signUp", {
    mutation: true,
    input: signUpInput(email),
    address: freshAddress(),
  });
  expect(answer.status).toBe(200);
  const user = await t.db.user.findUniqueOrThrow({ where: { email } });
  const { organizationId } = await t.db.membership.findFirstOrThrow({ where: { userId: user.id } });
  return { ...answer.data, userId: user.id, organizationId, cookie: await sessionCookie({ userId: user.id, organizationId }) };
}

const CONFIRM = "Confirm your email for inmo";
const RESET = "Reset your inmo password";
const INVITATION = /invited you to/;

/**
 * The newest mail of one kind (by subject) to an address, once the queued mail
 * is delivered. By kind, never "the last mail to the address": mails queued
 * together are sent at once and arrive in any order.
 */
async function mailTo(email: string, subject: string | RegExp) {
  await deliverMail(t.db);
  const mail = smtp.messages.findLast((m) => m.envelopeTo.includes(email) && (typeof subject === "string" ? m.subject === subject : subject.test(m.subject)));
  if (!mail) throw new Error(`no mail "${String(subject)}" to ${email}`);
  return mail;
}

const requestReset = (email: string, address = freshAddress()) =>
  trpc<{ ok: true }>(t.server, "account.requestPasswordReset", { mutation: true, input: { email }, address });

describe("address verification", () => {
  it("a new account starts unverified, is mailed a single-use link, and opening it verifies the address", async () => {
    const account = await signUp("verify-me@example.test");
    expect(account.verificationUrl).toBeNull(); // email is configured: the link goes by mail only
    expect((await trpc<{ emailVerified: boolean }>(t.server, "account.status", { cookie: account.cookie })).data.emailVerified).toBe(false);

    const mail = await mailTo("verify-me@example.test", CONFIRM);
    expect(mail.text).toMatch("/verify-email?token=");
    const token = linkToken(mail, "/verify-email");
    const verified = await trpc<{ email: string }>(t.server, "account.verifyEmail", { mutation: true, input: { token } });
    expect(verified.data).toEqual({ email: "verify-me@example.test" });
    expect((await trpc<{ emailVerified: boolean }>(t.server, "account.status", { cookie: account.cookie })).data.emailVerified).toBe(true);
    const again = await trpc(t.server, "account.verifyEmail", { mutation: true, input: { token } });
    expect([again.status, again.code]).toEqual([400, "BAD_REQUEST"]);
  });

  it("without outgoing email in development, the link is shown on screen; asking again replaces it", async () => {
    configureForTests({ SMTP_URL: undefined });
    const account = await signUp("dev-link@example.test");
    expect(account.verificationUrl).toMatch(`${APP_ORIGIN}/verify-email?token=`);
    const resent = await trpc<{ verificationUrl: string }>(t.server, "account.resendVerification", { cookie: account.cookie, mutation: true, input: {} });
    expect(resent.data.verificationUrl).toMatch(`${APP_ORIGIN}/verify-email?token=`);
    // The first link stopped working when a new one was issued.
    expect((await trpc(t.server, "account.verifyEmail", { mutation: true, input: { token: tokenOfUrl(account.verificationUrl) } })).status).toBe(400);
    expect((await trpc(t.server, "account.verifyEmail", { mutation: true, input: { token: tokenOfUrl(resent.data.verificationUrl) } })).status).toBe(200);
    const done = await trpc<{ alreadyVerified: boolean }>(t.server, "account.resendVerification", { cookie: account.cookie, mutation: true, input: {} });
    expect(done.data.alreadyVerified).toBe(true);
  });

  it("an unverified account joins an organization by invitation only after verifying", async () => {
    const account = await signUp("colleague@example.test");
    await t.db.user.update({ where: { id: t.org.ownerId }, data: { emailVerifiedAt: new Date() } }); // a verified sender (L5)
    const ownerCookie = await sessionCookie({ userId: t.org.ownerId, organizationId: t.org.id });
    await trpc(t.server, "team.invitations.create", { cookie: ownerCookie, mutation: true, input: { email: "colleague@example.test", role: "member" } });
    const invite = linkToken(await mailTo("colleague@example.test", INVITATION), "/invite");
    const verifyToken = linkToken(await mailTo("colleague@example.test", CONFIRM), "/verify-email");

    const early = await trpc(t.server, "account.acceptInvitation", { cookie: account.cookie, mutation: true, input: { token: invite } });
    expect([early.status, early.code]).toEqual([403, "FORBIDDEN"]);
    await trpc(t.server, "account.verifyEmail", { mutation: true, input: { token: verifyToken } });
    const joined = await trpc(t.server, "account.acceptInvitation", { cookie: account.cookie, mutation: true, input: { token: invite } });
    expect(joined.status).toBe(200);
  });
});

describe("CLI user create", () => {
  const ROOT = path.resolve(import.meta.dirname, "../..");
  const cli = (...args: string[]) =>
    new Promise<{ code: number; stdout: string; stderr: string }>((resolve) => {
      execFile(path.join(ROOT, "node_modules/.bin/tsx"), ["scripts/cli.ts", ...args], { cwd: ROOT, env: { ...process.env, DATABASE_URL: t.databaseUrl }, timeout: 120_000 }, (error, stdout, stderr) =>
        resolve({ code: error ? Number(error.code ?? 1) : 0, stdout, stderr }),
      );
    });

  it("never attaches an account whose address was not verified, and says so; a verified one is added", async () => {
    const account = await signUp("pre-registered@example.test");
    const refused = await cli("user", "create", "--org", t.org.id, "--email", "pre-registered@example.test", "--name", "Whoever");
    expect(refused.code).not.toBe(0);
    expect(refused.stderr).toMatch(/not verified; it was not added/);
    expect(await t.db.membership.count({ where: { organizationId: t.org.id, userId: account.userId } })).toBe(0);

    await t.db.user.update({ where: { id: account.userId }, data: { emailVerifiedAt: new Date() } });
    const added = await cli("user", "create", "--org", t.org.id, "--email", "pre-registered@example.test", "--name", "Whoever");
    expect(added.code, added.stderr).toBe(0);
    // An account the CLI makes itself counts as verified: the operator vouches for the address.
    const made = await cli("user", "create", "--org", t.org.id, "--email", "made-by-cli@example.test", "--name", "Cli Made");
    expect(made.code, made.stderr).toBe(0);
    expect((await t.db.user.findUniqueOrThrow({ where: { email: "made-by-cli@example.test" } })).emailVerifiedAt).toBeInstanceOf(Date);
  });
});

describe("sign-up with an address that has an account (L4)", () => {
  it("answers exactly as for a new address, creates nothing, and mails the address's owner the way back in", async () => {
    const owner = await signUp("already-here@example.test");
    await deliverMail(t.db);
    smtp.reset();
    const organizations = await t.db.organization.count();
    const again = await trpc(t.server, "account.signUp", { mutation: true, input: signUpInput("Already-Here@example.test"), address: freshAddress() });
    const fresh = await trpc(t.server, "account.signUp", { mutation: true, input: signUpInput("brand-new-here@example.test"), address: freshAddress() });
    expect(again.status).toBe(200);
    expect(again.data).toEqual(fresh.data);
    expect(await t.db.organization.count()).toBe(organizations + 1); // the new address's only
    expect(await t.db.membership.count({ where: { userId: owner.userId } })).toBe(1);

    const mail = await mailTo("already-here@example.test", "You already have an inmo account");
    expect(mail.text).toContain(`${APP_ORIGIN}/forgot-password`);
    expect(mail.text).not.toMatch(/token=/);
  });
});

describe("password reset", () => {
  it("mails a single-use link; the new password works, every session ends, and the address counts as verified", async () => {
    const account = await signUp("forgetful@example.test");
    await mailTo("forgetful@example.test", CONFIRM);
    expect((await trpc(t.server, "account.organizations", { cookie: account.cookie })).status).toBe(200);
    expect((await requestReset("forgetful@example.test")).data).toEqual({ ok: true });
    const mail = await mailTo("forgetful@example.test", RESET);
    const token = linkToken(mail, "/reset-password");

    const reset = await trpc<{ email: string }>(t.server, "account.resetPassword", { mutation: true, input: { token, password: "a brand new password" } });
    expect(reset.data).toEqual({ email: "forgetful@example.test" });
    const user = await t.db.user.findUniqueOrThrow({ where: { email: "forgetful@example.test" } });
    expect(await verifyPassword(user.passwordHash!, "a brand new password")).toBe(true);
    expect(user.emailVerifiedAt).toBeInstanceOf(Date);
    expect((await trpc(t.server, "account.organizations", { cookie: account.cookie })).status).toBe(401);

    const again = await trpc(t.server, "account.resetPassword", { mutation: true, input: { token, password: "yet another password" } });
    expect([again.status, again.code]).toEqual([400, "BAD_REQUEST"]);
    expect(await verifyPassword((await t.db.user.findUniqueOrThrow({ where: { id: user.id } })).passwordHash!, "a brand new password")).toBe(true);
  });

  it("does not reveal whether an address has an account", async () => {
    const known = await requestReset("forgetful@example.test");
    const unknown = await requestReset("nobody-here@example.test");
    expect([known.status, unknown.status]).toEqual([200, 200]);
    expect(unknown.data).toEqual(known.data);
    await deliverMail(t.db);
    expect(smtp.messages.map((m) => m.envelopeTo[0])).toEqual(["forgetful@example.test"]);
  });

  it("a link older than an hour, or superseded by a newer one, does not work", async () => {
    await seedMember(t.db, (await seedOrganization(t.db)).id, { email: "slow@example.test" });
    await requestReset("slow@example.test");
    const first = linkToken(await mailTo("slow@example.test", RESET), "/reset-password");
    await requestReset("slow@example.test");
    const second = linkToken(await mailTo("slow@example.test", RESET), "/reset-password");
    expect(second).not.toBe(first);
    expect((await trpc(t.server, "account.resetPassword", { mutation: true, input: { token: first, password: "a long password" } })).status).toBe(400);

    await t.db.accountToken.updateMany({ where: { purpose: "reset_password", usedAt: null }, data: { expiresAt: new Date(Date.now() - 1) } });
    expect((await trpc(t.server, "account.resetPassword", { mutation: true, input: { token: second, password: "a long password" } })).status).toBe(400);
  });

  it(`is throttled: the ${ACCOUNT_MAIL_BUDGETS.perEmail.points + 1}th request for one address in an hour is 429, whether or not it exists`, async () => {
    for (const email of ["throttled@example.test", "throttled-unknown@example.test"]) {
      if (email === "throttled@example.test") await seedMember(t.db, t.org.id, { email });
      for (let i = 0; i < ACCOUNT_MAIL_BUDGETS.perEmail.points; i++) expect((await requestReset(email)).status).toBe(200);
      const refused = await requestReset(email);
      expect(refused.status).toBe(429);
    }
    const address = freshAddress();
    for (let i = 0; i < ACCOUNT_MAIL_BUDGETS.perAddress.points; i++) expect((await requestReset(`spray-${i}@example.test`, address)).status).toBe(200);
    expect((await requestReset("spray-last@example.test", address)).status).toBe(429);
  });
});

describe("change password", () => {
  it("needs the current password, and signs out the other sessions", async () => {
    const account = await signUp("changer@example.test");
    const phone = await sessionCookie({ userId: account.userId, organizationId: account.organizationId });
    const wrong = await trpc(t.server, "account.changePassword", {
      cookie: account.cookie,
      mutation: true,
      input: { currentPassword: "not it at all", newPassword: "a better password" },
    });
    expect(wrong.status).toBe(400);
    expect(wrong.error?.data?.fieldErrors?.currentPassword).toMatch(/not right/);

    const changed = await trpc(t.server, "account.changePassword", {
      cookie: account.cookie,
      mutation: true,
      input: { currentPassword: "a long password", newPassword: "a better password" },
    });
    expect(changed.status).toBe(200);
    const user = await t.db.user.findUniqueOrThrow({ where: { id: account.userId } });
    expect(await verifyPassword(user.passwordHash!, "a better password")).toBe(true);
    expect((await trpc(t.server, "account.organizations", { cookie: phone })).status).toBe(401);
    // The page signs in again with the new password: a session under the new generation works.
    const renewed = await sessionCookie({ userId: account.userId, organizationId: account.organizationId, sessionGeneration: user.sessionGeneration });
    expect((await trpc(t.server, "account.organizations", { cookie: renewed })).status).toBe(200);
  });
});
