import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from "vitest";
import type { MemberRole } from "../../server/auth/roles";
import { INVITATION_BUDGET } from "../../server/auth/abuse-throttle";
import { verifyPassword } from "../../server/auth/passwords";
import { closeSmtpTransports } from "../../server/mail/smtp-transport";
import { useApiTest } from "../support/api-test";
import { loseUniqueRace } from "../support/lose-unique-race";
import { seedMember, seedOrganization } from "../support/factories";
import { startSmtpCapture, type SmtpCapture } from "../support/smtp-capture";
import { sessionCookie } from "../security/support/dashboard-session";
import { APP_ORIGIN, deliverMail, linkToken, tokenOfUrl, trpc } from "./support/team-http";
import { configureForTests } from "../../server/config/config";

/**
 * Settings → Members → invitations over real HTTP (the dashboard's tRPC
 * door), with the invitation mails sent by the mail job to a real SMTP
 * server on loopback and their links followed.
 */
const t = useApiTest();
let smtp: SmtpCapture;
let ownerCookie: string;

type Sent = { invitation: { id: string; email: string; role: string; status: string; expiresAt: string }; emailed: boolean; inviteUrl: string | null };
type Preview = { state: string; email: string; role: string; organizationName: string; inviterName: string | null; accountExists: boolean };

beforeAll(async () => {
  smtp = await startSmtpCapture();
  configureForTests({ NEXTAUTH_URL: APP_ORIGIN });
  // Inviting by mail needs a verified address (L5; its own test below).
  await t.db.user.update({ where: { id: t.org.ownerId }, data: { emailVerifiedAt: new Date() } });
  ownerCookie = await sessionCookie({ userId: t.org.ownerId, organizationId: t.org.id });
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

const invite = (email: string, role = "member", cookie = ownerCookie) =>
  trpc<Sent>(t.server, "team.invitations.create", { cookie, mutation: true, input: { email, role } });

/** Invites, delivers the mail and returns the token of the link it carries. */
async function inviteByMail(email: string, role = "member") {
  const sent = await invite(email, role);
  expect(sent.status).toBe(200);
  await deliverMail(t.db);
  const mail = smtp.messages.findLast((m) => m.envelopeTo.includes(email));
  expect(mail, `a mail to ${email}`).toBeDefined();
  return { sent: sent.data, mail: mail!, token: linkToken(mail!, "/invite") };
}

async function verifiedMember(role: MemberRole = "member", organizationId = t.org.id) {
  const member = await seedMember(t.db, organizationId, { role });
  await t.db.user.update({ where: { id: member.userId }, data: { emailVerifiedAt: new Date() } });
  return { ...member, cookie: await sessionCookie({ userId: member.userId, organizationId }) };
}

describe("inviting", () => {
  it("mails a link; a new person sets name and password and joins with the invited role", async () => {
    const { sent, mail, token } = await inviteByMail("New.Agent@Example.test".toLowerCase(), "admin");
    expect(sent).toMatchObject({ emailed: true, inviteUrl: null, invitation: { email: "new.agent@example.test", role: "admin", status: "pending" } });
    const days = (Date.parse(sent.invitation.expiresAt) - Date.now()) / 86_400_000;
    expect(days).toBeGreaterThan(6.99);
    expect(days).toBeLessThanOrEqual(7);
    expect(mail.subject).toMatch(new RegExp(`invited you to ${t.org.name}`));
    expect(mail.text).toContain("as an admin");

    const pending = await trpc<{ data: { email: string }[] }>(t.server, "team.invitations.list", { cookie: ownerCookie });
    expect(pending.data.data.map((i) => i.email)).toContain("new.agent@example.test");

    // Invited but not accepted: not a member on the API.
    const before = (await (await t.server.api("/members", { token: t.org.key })).json()) as { data: { user: { email: string } }[] };
    expect(before.data.map((m) => m.user.email)).not.toContain("new.agent@example.test");

    const preview = await trpc<Preview>(t.server, "account.invitation", { input: { token } });
    expect(preview.data).toEqual({
      state: "pending",
      email: "new.agent@example.test",
      role: "admin",
      organizationName: t.org.name,
      inviterName: expect.any(String),
      accountExists: false,
    });

    const joined = await trpc<{ organizationId: string; role: string; email: string }>(t.server, "account.acceptInvitationAsNewUser", {
      mutation: true,
      input: { token, name: "Nora Agent", password: "a new long password" },
    });
    expect(joined.status).toBe(200);
    expect(joined.data).toMatchObject({ organizationId: t.org.id, role: "admin", email: "new.agent@example.test" });
    const user = await t.db.user.findUniqueOrThrow({ where: { email: "new.agent@example.test" } });
    expect(user.name).toBe("Nora Agent");
    expect(user.emailVerifiedAt).toBeInstanceOf(Date); // the link reached the address
    expect(await verifyPassword(user.passwordHash!, "a new long password")).toBe(true);

    const after = (await (await t.server.api("/members", { token: t.org.key })).json()) as { data: { role: string; user: { email: string } }[] };
    expect(after.data.find((m) => m.user.email === "new.agent@example.test")?.role).toBe("admin");
    // The new member's session works in the organization.
    const cookie = await sessionCookie({ userId: user.id, organizationId: t.org.id });
    expect((await trpc(t.server, "account.organizations", { cookie })).status).toBe(200);

    // Used once: the link is closed now.
    expect((await trpc<Preview>(t.server, "account.invitation", { input: { token } })).data.state).toBe("accepted");
    const again = await trpc(t.server, "account.acceptInvitationAsNewUser", { mutation: true, input: { token, name: "X", password: "another password" } });
    expect(again.status).toBe(400);
    expect((await trpc<{ data: { email: string }[] }>(t.server, "team.invitations.list", { cookie: ownerCookie })).data.data.map((i) => i.email)).not.toContain(
      "new.agent@example.test",
    );
  });

  it("an existing signed-in person with the invited, verified address joins with one click", async () => {
    const other = await seedOrganization(t.db);
    const person = await verifiedMember("member", other.id);
    const { token } = await inviteByMail(person.email);

    const preview = await trpc<Preview>(t.server, "account.invitation", { input: { token } });
    expect(preview.data.accountExists).toBe(true);
    const creating = await trpc(t.server, "account.acceptInvitationAsNewUser", { mutation: true, input: { token, name: "Dup", password: "a long password" } });
    expect([creating.status, creating.code]).toEqual([409, "CONFLICT"]);

    const joined = await trpc<{ organizationId: string; role: string }>(t.server, "account.acceptInvitation", { cookie: person.cookie, mutation: true, input: { token } });
    expect(joined.status).toBe(200);
    expect(joined.data).toMatchObject({ organizationId: t.org.id, role: "member" });
    const organizations = await trpc<{ data: { id: string }[] }>(t.server, "account.organizations", { cookie: person.cookie });
    expect(organizations.data.data.map((o) => o.id).sort()).toEqual([other.id, t.org.id].sort());
  });

  it("accepting as a new person while someone signs up with the address meanwhile: the same 409, the link still open", async () => {
    const { token } = await inviteByMail("racing.agent@example.test");
    const rival = {
      sql: `INSERT INTO "User" (id, email, name, "updatedAt") VALUES (gen_random_uuid(), $1, 'Rival', now())`,
      params: ["racing.agent@example.test"],
    };
    const lost = await loseUniqueRace(t.databaseUrl, rival, () =>
      trpc(t.server, "account.acceptInvitationAsNewUser", { mutation: true, input: { token, name: "Late", password: "a long password" } }),
    );
    // What the check before the write answers when the account already exists.
    const taken = await trpc(t.server, "account.acceptInvitationAsNewUser", { mutation: true, input: { token, name: "Late", password: "a long password" } });
    expect([lost.status, lost.code, lost.error?.message]).toEqual([409, "CONFLICT", taken.error?.message]);
    expect([taken.status, taken.code]).toEqual([409, "CONFLICT"]);
    expect((await trpc<Preview>(t.server, "account.invitation", { input: { token } })).data.state).toBe("pending");
  });

  it("an account with no organization left joins with its password (verified address required)", async () => {
    const { hashPassword } = await import("../../server/auth/passwords");
    const passwordHash = await hashPassword("my own password");
    const former = await t.db.user.create({ data: { email: "former@example.test", name: "Former", passwordHash, emailVerifiedAt: new Date() } });
    const { token } = await inviteByMail("former@example.test");
    const join = (password: string, address = "192.0.2.10") =>
      trpc<{ organizationId: string; email: string }>(t.server, "account.acceptInvitationWithPassword", { mutation: true, input: { token, password }, address });
    const wrong = await join("not my password");
    expect([wrong.status, wrong.error?.data?.fieldErrors?.password]).toEqual([400, "the password is not right"]);
    const joined = await join("my own password");
    expect(joined.data).toMatchObject({ organizationId: t.org.id, email: "former@example.test" });
    expect(await t.db.membership.count({ where: { organizationId: t.org.id, userId: former.id } })).toBe(1);

    await t.db.user.create({ data: { email: "unconfirmed@example.test", name: "U", passwordHash } });
    const { token: other } = await inviteByMail("unconfirmed@example.test");
    const refused = await trpc(t.server, "account.acceptInvitationWithPassword", { mutation: true, input: { token: other, password: "my own password" } });
    expect([refused.status, refused.code]).toEqual([403, "FORBIDDEN"]);
  });

  it("refuses the one click for another address or an unverified account", async () => {
    const { token } = await inviteByMail("someone-else@example.test");
    const stranger = await verifiedMember("member", (await seedOrganization(t.db)).id);
    const wrong = await trpc(t.server, "account.acceptInvitation", { cookie: stranger.cookie, mutation: true, input: { token } });
    expect([wrong.status, wrong.code]).toEqual([403, "FORBIDDEN"]);

    const squatter = await seedMember(t.db, (await seedOrganization(t.db)).id, { email: "squatted@example.test" }); // never verified
    const { token: squatToken } = await inviteByMail("squatted@example.test");
    const cookie = await sessionCookie({ userId: squatter.userId, organizationId: (await t.db.membership.findFirstOrThrow({ where: { userId: squatter.userId } })).organizationId });
    const refused = await trpc<unknown>(t.server, "account.acceptInvitation", { cookie, mutation: true, input: { token: squatToken } });
    expect([refused.status, refused.code]).toEqual([403, "FORBIDDEN"]);
    expect(refused.error?.message).toMatch(/Confirm your email address/);
    expect(await t.db.membership.count({ where: { organizationId: t.org.id, userId: squatter.userId } })).toBe(0);
  });

  it("expires after 7 days; resending issues a new link and the old one stops working", async () => {
    const { sent, token } = await inviteByMail("late@example.test");
    await t.db.invitation.update({ where: { id: sent.invitation.id }, data: { expiresAt: new Date(Date.now() - 1000) } });
    expect((await trpc<Preview>(t.server, "account.invitation", { input: { token } })).data.state).toBe("expired");
    const listed = await trpc<{ data: { id: string; status: string }[] }>(t.server, "team.invitations.list", { cookie: ownerCookie });
    expect(listed.data.data.find((i) => i.id === sent.invitation.id)?.status).toBe("expired");
    const late = await trpc(t.server, "account.acceptInvitationAsNewUser", { mutation: true, input: { token, name: "Late", password: "a long password" } });
    expect([late.status, late.code]).toEqual([400, "BAD_REQUEST"]);

    smtp.reset();
    const resent = await trpc<Sent>(t.server, "team.invitations.resend", { cookie: ownerCookie, mutation: true, input: { id: sent.invitation.id } });
    expect(resent.data.invitation.status).toBe("pending");
    await deliverMail(t.db);
    const fresh = linkToken(smtp.messages[0]!, "/invite");
    expect(fresh).not.toBe(token);
    expect((await trpc(t.server, "account.invitation", { input: { token } })).status).toBe(404);
    const joined = await trpc(t.server, "account.acceptInvitationAsNewUser", { mutation: true, input: { token: fresh, name: "Late", password: "a long password" } });
    expect(joined.status).toBe(200);
  });

  it("a revoked invitation's link stops working; inviting again replaces an open invitation", async () => {
    const { sent, token } = await inviteByMail("revoked@example.test");
    const revoked = await trpc(t.server, "team.invitations.revoke", { cookie: ownerCookie, mutation: true, input: { id: sent.invitation.id } });
    expect(revoked.status).toBe(200);
    expect((await trpc<Preview>(t.server, "account.invitation", { input: { token } })).data.state).toBe("revoked");
    const refused = await trpc(t.server, "account.acceptInvitationAsNewUser", { mutation: true, input: { token, name: "R", password: "a long password" } });
    expect(refused.status).toBe(400);
    expect((await trpc(t.server, "team.invitations.revoke", { cookie: ownerCookie, mutation: true, input: { id: sent.invitation.id } })).status).toBe(404);

    const first = await inviteByMail("twice@example.test");
    const second = await inviteByMail("twice@example.test", "admin");
    expect((await trpc<Preview>(t.server, "account.invitation", { input: { token: first.token } })).data.state).toBe("revoked");
    expect((await trpc<Preview>(t.server, "account.invitation", { input: { token: second.token } })).data).toMatchObject({ state: "pending", role: "admin" });
    expect(await t.db.invitation.count({ where: { organizationId: t.org.id, email: "twice@example.test", acceptedAt: null, revokedAt: null } })).toBe(1);
  });

  it("without outgoing email, hands the admin a copyable link and queues no mail", async () => {
    configureForTests({ SMTP_URL: undefined });
    const mailsBefore = await t.db.outgoingMail.count();
    const sent = await invite("copy-link@example.test");
    expect(sent.data).toMatchObject({ emailed: false, inviteUrl: expect.stringMatching(`^${APP_ORIGIN}/invite\\?token=`) });
    expect(await t.db.outgoingMail.count()).toBe(mailsBefore);
    const preview = await trpc<Preview>(t.server, "account.invitation", { input: { token: tokenOfUrl(sent.data.inviteUrl) } });
    expect(preview.data.state).toBe("pending");
  });

  it("role rules: only owners invite owners; members cannot invite; an existing member is not invited", async () => {
    const admin = await verifiedMember("admin");
    const member = await verifiedMember("member");
    const byAdmin = await invite("boss@example.test", "owner", admin.cookie);
    expect([byAdmin.status, byAdmin.code]).toEqual([403, "FORBIDDEN"]);
    expect((await invite("helper@example.test", "admin", admin.cookie)).status).toBe(200);
    expect((await invite("boss@example.test", "owner")).status).toBe(200);
    const byMember = await invite("friend@example.test", "member", member.cookie);
    expect([byMember.status, byMember.code]).toEqual([403, "FORBIDDEN"]);
    expect((await trpc(t.server, "team.invitations.list", { cookie: member.cookie })).status).toBe(403);
    const existing = await invite(member.email);
    expect([existing.status, existing.code]).toEqual([409, "CONFLICT"]);
    const invalid = await invite("not an email");
    expect(invalid.status).toBe(400);
    // An admin cannot revoke an owner invitation either.
    const ownerInvite = (await trpc<{ data: { id: string; email: string }[] }>(t.server, "team.invitations.list", { cookie: ownerCookie })).data.data.find(
      (i) => i.email === "boss@example.test",
    )!;
    expect((await trpc(t.server, "team.invitations.revoke", { cookie: admin.cookie, mutation: true, input: { id: ownerInvite.id } })).status).toBe(403);
  });

  it("another organization's invitation is 404 to resend or revoke", async () => {
    const other = await seedOrganization(t.db);
    await t.db.user.update({ where: { id: other.ownerId }, data: { emailVerifiedAt: new Date() } });
    const otherCookie = await sessionCookie({ userId: other.ownerId, organizationId: other.id });
    const theirs = await trpc<Sent>(t.server, "team.invitations.create", { cookie: otherCookie, mutation: true, input: { email: "theirs@example.test", role: "member" } });
    for (const procedure of ["team.invitations.resend", "team.invitations.revoke"]) {
      const answer = await trpc(t.server, procedure, { cookie: ownerCookie, mutation: true, input: { id: theirs.data.invitation.id } });
      expect([answer.status, answer.code]).toEqual([404, "NOT_FOUND"]);
    }
    expect((await trpc(t.server, "team.invitations.revoke", { cookie: ownerCookie, mutation: true, input: { id: "nope" } })).status).toBe(404);
  });

  it("mailing an invitation needs a verified address (L5): 403 for an unverified admin, nothing written or mailed", async () => {
    const admin = await seedMember(t.db, t.org.id, { role: "admin" });
    const cookie = await sessionCookie({ userId: admin.userId, organizationId: t.org.id });
    const refused = await invite("phish-target@example.test", "member", cookie);
    expect([refused.status, refused.code]).toEqual([403, "FORBIDDEN"]);
    expect(refused.error?.message).toMatch(/Confirm your email/);
    expect(await t.db.invitation.count({ where: { email: "phish-target@example.test" } })).toBe(0);
    expect(await t.db.outgoingMail.count({ where: { toAddress: "phish-target@example.test" } })).toBe(0);
    await t.db.user.update({ where: { id: admin.userId }, data: { emailVerifiedAt: new Date() } });
    expect((await invite("phish-target@example.test", "member", cookie)).status).toBe(200);
  });

  it("names with links stay out of the subject (L5): the invitation's subject falls back to a fixed wording", async () => {
    const org = await seedOrganization(t.db, { name: "Acme — verify at acme-login.example" });
    await t.db.user.update({ where: { id: org.ownerId }, data: { emailVerifiedAt: new Date(), name: "Ana" } });
    const cookie = await sessionCookie({ userId: org.ownerId, organizationId: org.id });
    expect((await invite("subject-check@example.test", "member", cookie)).status).toBe(200);
    await deliverMail(t.db);
    const mail = smtp.messages.findLast((m) => m.envelopeTo.includes("subject-check@example.test"))!;
    expect(mail.subject).toBe("You are invited to an organization on inmo");
    expect((await invite("subject-plain@example.test")).status).toBe(200);
    await deliverMail(t.db);
    expect(smtp.messages.findLast((m) => m.envelopeTo.includes("subject-plain@example.test"))!.subject).toMatch(/ invited you to .* on inmo$/);
  });

  it(`an organization sends at most ${INVITATION_BUDGET.points} invitations an hour (429 after)`, async () => {
    const org = await seedOrganization(t.db);
    const cookie = await sessionCookie({ userId: org.ownerId, organizationId: org.id });
    configureForTests({ SMTP_URL: undefined }); // no mails needed to count
    for (let i = 0; i < INVITATION_BUDGET.points; i++) expect((await invite(`bulk-${i}@example.test`, "member", cookie)).status).toBe(200);
    const refused = await invite("one-too-many@example.test", "member", cookie);
    expect(refused.status).toBe(429);
    // Other organizations are not affected.
    expect((await invite("unaffected@example.test")).status).toBe(200);
  });
});
