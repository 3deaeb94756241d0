import { cp, mkdtemp, readdir, rm } from "node:fs/promises";
import { configureForTests } from "../../server/config/config";
import os from "node:os";
import path from "node:path";
import pg from "pg";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { applyMigrations, MIGRATIONS_DIR } from "../../server/db/migrations";
import { closeSmtpTransports } from "../../server/mail/smtp-transport";
import { useApiTest } from "../support/api-test";
import { createEmptyDatabase } from "../support/database";
import { seedMember } from "../support/factories";
import { startSmtpCapture, type SmtpCapture } from "../support/smtp-capture";
import { APP_ORIGIN, deliverMail, freshAddress, linkToken, trpc } from "../team/support/team-http";

/**
 * Second audit, M2: no usable account link rests in the database. A reset
 * (or verification, or invitation) mail is queued with a stand-in where the
 * link goes and the link sealed beside it; the mail that reaches the mailbox
 * carries the working link; once sent, the sealed link is erased. The
 * migration that introduced this erased the tokens of mails written before.
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

const TOKEN_LINK = /token=[A-Za-z0-9_-]{20,}/;

describe("account mails keep no usable link (M2)", () => {
  it("a queued reset mail holds no token; the sent mail's link works; the sealed copy is erased after sending", async () => {
    const { email } = await seedMember(t.db, t.org.id, { email: "sealed@example.test" });
    const asked = await trpc(t.server, "account.requestPasswordReset", { mutation: true, input: { email }, address: freshAddress() });
    expect(asked.status).toBe(200);

    const queued = await t.db.outgoingMail.findFirstOrThrow({ where: { toAddress: email, kind: "reset-password" } });
    expect(queued.status).toBe("pending");
    expect(queued.textBody).not.toMatch(TOKEN_LINK);
    expect(queued.htmlBody).not.toMatch(TOKEN_LINK);
    expect(queued.sealedLink).toMatch(/^v1\./);
    expect(queued.sealedLink).not.toMatch(TOKEN_LINK);

    await deliverMail(t.db);
    const mail = smtp.messages.findLast((m) => m.envelopeTo.includes(email))!;
    const token = linkToken(mail, "/reset-password");
    expect(mail.html).toContain(`${APP_ORIGIN}/reset-password?token=${token}`);
    expect(mail.text).not.toContain("inmo.invalid");

    const sent = await t.db.outgoingMail.findUniqueOrThrow({ where: { id: queued.id } });
    expect(sent.status).toBe("sent");
    expect(sent.sealedLink).toBeNull();
    expect(`${sent.textBody}${sent.htmlBody}`).not.toContain(token);

    const reset = await trpc(t.server, "account.resetPassword", { mutation: true, input: { token, password: "a brand new password" } });
    expect(reset.status).toBe(200);
  });

  it("a mail given up (SMTP refusing for good) erases its sealed link too", async () => {
    const { email } = await seedMember(t.db, t.org.id, { email: "refused@example.test" });
    smtp.refuseNext(1, "permanent");
    await trpc(t.server, "account.requestPasswordReset", { mutation: true, input: { email }, address: freshAddress() });
    await deliverMail(t.db);
    const mail = await t.db.outgoingMail.findFirstOrThrow({ where: { toAddress: email } });
    expect(mail.status).toBe("failed");
    expect(mail.sealedLink).toBeNull();
  });
});

describe("the migration that sealed links", () => {
  it("erases the tokens of account mails written before it, and gives up those not yet sent", async () => {
    const migration = "20261127060000_seal_account_mail_links";
    const scratch = await mkdtemp(path.join(os.tmpdir(), "inmo-seal-links-"));
    try {
      const names = (await readdir(MIGRATIONS_DIR, { withFileTypes: true })).filter((e) => e.isDirectory() && e.name < migration);
      for (const entry of names) await cp(path.join(MIGRATIONS_DIR, entry.name), path.join(scratch, entry.name), { recursive: true });
      const database = await createEmptyDatabase();
      await applyMigrations(database.url, { dir: scratch });

      const client = new pg.Client({ connectionString: database.url });
      await client.connect();
      try {
        const link = `${APP_ORIGIN}/reset-password?token=AbCdEfGhIjKlMnOpQrStUvWxYz0123456789_-abcde`;
        const insert = `INSERT INTO "OutgoingMail" (id, kind, "toAddress", subject, "textBody", "htmlBody", status, "updatedAt")
          VALUES (gen_random_uuid(), $1, 'x@example.test', 's', $2, $3, $4::"MailStatus", now()) RETURNING id`;
        const pending = await client.query(insert, ["reset-password", `Open: ${link}`, `<a href="${link}">x</a>`, "pending"]);
        const sent = await client.query(insert, ["invitation", `Accept: ${link}`, `<a href="${link}&amp;token=zzzzzzzzzzzzzzzzzzzzzzzzz">x</a>`, "sent"]);
        const other = await client.query(insert, ["lead.assigned", "See http://inmo.test/leads/lead_1?token=keepmeaskeepmeaskeepme", "", "pending"]);

        await applyMigrations(database.url);

        const rows = await client.query(`SELECT id, status::text, "textBody", "htmlBody", "sealedLink" FROM "OutgoingMail"`);
        const byId = new Map(rows.rows.map((row) => [row.id, row]));
        expect(byId.get(pending.rows[0].id)).toMatchObject({ status: "failed", textBody: `Open: ${APP_ORIGIN}/reset-password?token=removed`, sealedLink: null });
        expect(byId.get(sent.rows[0].id)).toMatchObject({
          status: "sent",
          textBody: `Accept: ${APP_ORIGIN}/reset-password?token=removed`,
          htmlBody: `<a href="${APP_ORIGIN}/reset-password?token=removed&amp;token=removed">x</a>`,
        });
        expect(byId.get(other.rows[0].id)).toMatchObject({ status: "pending", textBody: "See http://inmo.test/leads/lead_1?token=keepmeaskeepmeaskeepme" });
      } finally {
        await client.end();
      }
    } finally {
      await rm(scratch, { recursive: true, force: true });
    }
  });
});
