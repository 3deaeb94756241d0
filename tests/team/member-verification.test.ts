import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { configureForTests } from "../../server/config/config";
import { closeSmtpTransports } from "../../server/mail/smtp-transport";
import { useApiTest } from "../support/api-test";
import { seedMember, seedOrganization } from "../support/factories";
import { startSmtpCapture, type SmtpCapture } from "../support/smtp-capture";
import { sessionCookie } from "../security/support/dashboard-session";
import { APP_ORIGIN, deliverMail, linkToken, tokenOfUrl, trpc } from "./support/team-http";

/**
 * Settings → Members for a member whose address is not confirmed, over the
 * dashboard's door: without outgoing email the owner gets the confirmation
 * link to copy (nothing claims to be sent); with email it is mailed; one's
 * own address, a member's call and another organization's member are refused.
 */
const t = useApiTest();
let smtp: SmtpCapture;
let ownerCookie: string;

type Overview = { members: { id: string; user: { id: string }; emailVerified: boolean }[] };
type Sent = { alreadyVerified: boolean; emailed: boolean; verificationUrl: string | null };

const send = (membershipId: string, cookie = ownerCookie) =>
  trpc<Sent>(t.server, "team.members.sendVerification", { cookie, mutation: true, input: { membershipId } });
const confirmedIn = async (userId: string) =>
  (await trpc<Overview>(t.server, "team.overview", { cookie: ownerCookie })).data.members.find((member) => member.user.id === userId)?.emailVerified;

beforeAll(async () => {
  smtp = await startSmtpCapture();
  configureForTests({ NEXTAUTH_URL: APP_ORIGIN, SMTP_URL: undefined });
  ownerCookie = await sessionCookie({ userId: t.org.ownerId, organizationId: t.org.id });
});
afterEach(() => {
  configureForTests({ SMTP_URL: undefined });
  closeSmtpTransports();
});
afterAll(async () => {
  await smtp.close();
  configureForTests({ NEXTAUTH_URL: undefined });
});

describe("a member's unconfirmed address", () => {
  it("without email: the overview marks it, the owner copies a link that confirms it once, and nothing is said to be sent", async () => {
    const member = await seedMember(t.db, t.org.id);
    expect(await confirmedIn(member.userId)).toBe(false);

    const sent = await send(member.membershipId);
    expect(sent.status).toBe(200);
    expect(sent.data).toMatchObject({ alreadyVerified: false, emailed: false });
    expect(sent.data.verificationUrl).toMatch(`${APP_ORIGIN}/verify-email?token=`);

    const verified = await trpc<{ email: string }>(t.server, "account.verifyEmail", { mutation: true, input: { token: tokenOfUrl(sent.data.verificationUrl!) } });
    expect(verified.data.email).toBe(member.email);
    expect(await confirmedIn(member.userId)).toBe(true);

    const again = await send(member.membershipId);
    expect(again.data).toEqual({ alreadyVerified: true, emailed: false, verificationUrl: null });
  });

  it("with email: the link is mailed to the member, never handed to the admin", async () => {
    configureForTests({ SMTP_URL: smtp.url });
    smtp.reset();
    const member = await seedMember(t.db, t.org.id);
    const sent = await send(member.membershipId);
    expect(sent.data).toEqual({ alreadyVerified: false, emailed: true, verificationUrl: null });
    await deliverMail(t.db);
    const mail = smtp.messages.findLast((m) => m.envelopeTo.includes(member.email));
    expect(mail, "the confirmation mail").toBeDefined();
    const token = linkToken(mail!, "/verify-email");
    expect((await trpc(t.server, "account.verifyEmail", { mutation: true, input: { token } })).status).toBe(200);
    expect(await confirmedIn(member.userId)).toBe(true);
  });

  it("one's own address is confirmed from the profile, not vouched for here", async () => {
    const own = (await trpc<Overview>(t.server, "team.overview", { cookie: ownerCookie })).data.members.find((m) => m.user.id === t.org.ownerId)!;
    const refused = await send(own.id);
    expect(refused.status).toBe(400);
    expect(refused.error?.message).toBe("Confirm your own address from your profile.");
  });

  it("a member may not ask, and another organization's member is not found", async () => {
    const target = await seedMember(t.db, t.org.id);
    const member = await seedMember(t.db, t.org.id, { role: "member" });
    const memberCookie = await sessionCookie({ userId: member.userId, organizationId: t.org.id });
    expect((await send(target.membershipId, memberCookie)).status).toBe(403);

    const other = await seedOrganization(t.db);
    const stranger = await seedMember(t.db, other.id);
    const answer = await send(stranger.membershipId);
    expect(answer.status).toBe(404);
    expect(answer.code).toBe("NOT_FOUND");
    expect((await send("not-an-id")).status).toBe(404);
    expect(await t.db.user.findUniqueOrThrow({ where: { id: stranger.userId }, select: { emailVerifiedAt: true } })).toEqual({ emailVerifiedAt: null });
  });
});
