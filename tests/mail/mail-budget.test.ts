import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { configureForTests } from "../../server/config/config";
import { closeSmtpTransports } from "../../server/mail/smtp-transport";
import { useApiTest } from "../support/api-test";
import { startSmtpCapture, type SmtpCapture } from "../support/smtp-capture";
import { sessionCookie } from "../security/support/dashboard-session";
import { APP_ORIGIN, deliverMail, trpc } from "../team/support/team-http";

/**
 * Second audit, L5: the server sends at most MAIL_BUDGET_PER_HOUR mails an
 * hour across every organization. A mail past the budget waits (its attempts
 * untouched, nothing logged) until there is room; none is dropped.
 */
const t = useApiTest();
let smtp: SmtpCapture;

beforeAll(async () => {
  smtp = await startSmtpCapture();
  configureForTests({ NEXTAUTH_URL: APP_ORIGIN, SMTP_URL: smtp.url, MAIL_BUDGET_PER_HOUR: 2 });
  await t.db.user.update({ where: { id: t.org.ownerId }, data: { emailVerifiedAt: new Date() } });
});
afterEach(() => closeSmtpTransports());
afterAll(async () => {
  await smtp.close();
  configureForTests({ NEXTAUTH_URL: undefined, SMTP_URL: undefined, MAIL_BUDGET_PER_HOUR: undefined });
});

describe("the server's outgoing-mail budget (L5)", () => {
  it("sends the budget's worth and keeps the rest waiting, attempts untouched", async () => {
    const cookie = await sessionCookie({ userId: t.org.ownerId, organizationId: t.org.id });
    const emails = ["first@example.test", "second@example.test", "third@example.test"];
    for (const email of emails) {
      const sent = await trpc(t.server, "team.invitations.create", { cookie, mutation: true, input: { email, role: "member" } });
      expect(sent.status).toBe(200);
    }
    await deliverMail(t.db);
    expect(smtp.messages).toHaveLength(2);

    const mails = await t.db.outgoingMail.findMany({ where: { toAddress: { in: emails } }, include: { attempts: true } });
    const waiting = mails.filter((mail) => mail.status === "pending");
    expect(mails.filter((mail) => mail.status === "sent")).toHaveLength(2);
    expect(waiting).toHaveLength(1);
    expect(waiting[0]!.attemptCount).toBe(0);
    expect(waiting[0]!.attempts).toHaveLength(0);
    expect(waiting[0]!.sealedLink).not.toBeNull(); // still to be sent: its link is kept, sealed
    expect(waiting[0]!.nextAttemptAt!.getTime()).toBeGreaterThan(mails.find((mail) => mail.status === "sent")!.sentAt!.getTime());
  });
});
