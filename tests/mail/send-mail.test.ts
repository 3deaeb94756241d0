import { InngestTestEngine } from "@inngest/test";
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { dueEvent } from "../../inngest/client";
import { createJobRunFunction, createJobSweepFunction } from "../../inngest/functions/job-functions";
import { runInTransaction } from "../../server/db/run-in-transaction";
import { INNGEST_POLICY } from "../../server/jobs/driver-policy";
import type { Clock } from "../../server/jobs/job-clock";
import { EmbeddedDriver } from "../../server/jobs/embedded/embedded-driver";
import { MAIL_RETRY_DELAYS_MS, NOT_CONFIGURED } from "../../server/mail/mail-attempt";
import { queueMail, SEND_MAIL_JOB_ID } from "../../server/mail/queue-mail";
import { renderMail } from "../../server/mail/render-mail";
import { sendMailJob } from "../../server/mail/send-mail-job";
import { closeSmtpTransports, type OutgoingMessage } from "../../server/mail/smtp-transport";
import { testMail } from "../../server/mail/templates/test-mail";
import { useApiTest } from "../support/api-test";
import { seedOrganization } from "../support/factories";
import { startSmtpCapture, type SmtpCapture } from "../support/smtp-capture";
import { createManualClock } from "../webhooks/support/manual-clock";
import { configureForTests } from "../../server/config/config";

/**
 * Outgoing email end to end: a mail queued in a transaction is sent by the
 * send-mail job to a real SMTP server on loopback, under the embedded driver
 * and under the Inngest functions, with the retry schedule walked on a manual
 * clock. The drivers serve the whole table, so each test starts with none.
 */

const FROM = "inmo test <mailer@inmo.test>";
const t = useApiTest({ server: false });
let smtp: SmtpCapture;
let manual: ReturnType<typeof createManualClock>;

beforeAll(async () => {
  smtp = await startSmtpCapture();
  configureForTests({ SMTP_URL: smtp.url });
  configureForTests({ MAIL_FROM: FROM });
});

beforeEach(async () => {
  await t.db.outgoingMail.deleteMany();
  smtp.reset();
  manual = createManualClock();
  configureForTests({ SMTP_URL: smtp.url });
});

afterEach(() => closeSmtpTransports());

afterAll(async () => {
  await smtp.close();
  configureForTests({ SMTP_URL: undefined });
  configureForTests({ MAIL_FROM: undefined });
});

const driver = (clock: Clock = manual.clock, options: { batchSize?: number; perOrganization?: number } = {}) =>
  new EmbeddedDriver({ db: t.db, jobs: [sendMailJob], clock, ...options });

const message = (n = 1): OutgoingMessage => ({
  to: `buyer-${n}@example.test`,
  subject: `Your visit #${n}`,
  text: `See you on Tuesday (${n}).`,
  html: `<p>See you on <b>Tuesday</b> (${n}).</p>`,
});

function queue(organizationId: string, mail: OutgoingMessage = message()) {
  return runInTransaction(t.db, (tx) => queueMail(tx, { organizationId, kind: "test", message: mail }));
}

const mailRow = (id: string) =>
  t.db.outgoingMail.findUniqueOrThrow({ where: { id }, include: { attempts: { orderBy: { number: "asc" } } } });

describe("send-mail (embedded driver)", () => {
  it("sends a queued mail once its transaction commits, and logs the attempt", async () => {
    const id = await queue(t.org.id);
    expect(await driver().runDue()).toBe(1);

    expect(smtp.messages).toHaveLength(1);
    const [mail] = smtp.messages;
    expect(mail).toMatchObject({ envelopeTo: ["buyer-1@example.test"], envelopeFrom: "mailer@inmo.test", subject: "Your visit #1" });
    expect(mail!.headers.from).toBe(FROM);
    expect(mail!.headers.to).toBe("buyer-1@example.test");
    expect(mail!.text.trim()).toBe("See you on Tuesday (1).");
    expect(mail!.html.trim()).toBe("<p>See you on <b>Tuesday</b> (1).</p>");

    const row = await mailRow(id);
    expect(row).toMatchObject({ status: "sent", attemptCount: 1, lockedUntil: null, nextAttemptAt: null, lastError: null });
    expect(row.sentAt).toBeInstanceOf(Date);
    // The id the SMTP server saw is the one recorded.
    expect(row.messageId).toBeTruthy();
    expect(mail!.headers["message-id"]).toBe(row.messageId);
    expect(row.attempts).toMatchObject([{ number: 1, ok: true }]);
    expect(await driver().runDue()).toBe(0);
    expect(smtp.messages).toHaveLength(1);
  });

  it("a rolled-back transaction queues and sends nothing", async () => {
    const failed = runInTransaction(t.db, async (tx) => {
      await queueMail(tx, { organizationId: t.org.id, kind: "test", message: message() });
      throw new Error("the write failed after queueing");
    });
    await expect(failed).rejects.toThrow("the write failed");
    expect(await t.db.outgoingMail.count()).toBe(0);
    expect(await driver().runDue()).toBe(0);
    expect(smtp.messages).toHaveLength(0);
  });

  it("without SMTP_URL, records the mail as not sent with the reason, and sends nothing", async () => {
    configureForTests({ SMTP_URL: undefined });
    const id = await queue(t.org.id);
    expect(await driver().runDue()).toBe(1);

    const row = await mailRow(id);
    expect(row).toMatchObject({ status: "not_sent", attemptCount: 1, lastError: NOT_CONFIGURED, sentAt: null, messageId: null, nextAttemptAt: null });
    expect(NOT_CONFIGURED).toBe("not sent: outgoing email not configured");
    expect(row.attempts).toMatchObject([{ number: 1, ok: false, detail: NOT_CONFIGURED }]);
    expect(smtp.messages).toHaveLength(0);
    expect(smtp.refused).toHaveLength(0);
  });

  it("a temporary refusal (4xx) retries one minute later, and the next due run sends it", async () => {
    smtp.refuseNext(1, "temporary");
    const id = await queue(t.org.id);
    await driver().runDue();

    const retrying = await mailRow(id);
    expect(retrying).toMatchObject({ status: "pending", attemptCount: 1, lockedUntil: null });
    expect(retrying.lastError).toContain("451");
    const wait = retrying.nextAttemptAt!.getTime() - retrying.attempts[0]!.startedAt.getTime();
    expect(wait).toBeGreaterThanOrEqual(MAIL_RETRY_DELAYS_MS[1]);
    expect(wait).toBeLessThan(MAIL_RETRY_DELAYS_MS[1] + 5_000);
    expect(smtp.refused).toHaveLength(1);

    expect(await driver().runDue()).toBe(0); // not due yet
    manual.advance(MAIL_RETRY_DELAYS_MS[1]);
    expect(await driver().runDue()).toBe(1);

    const sent = await mailRow(id);
    expect(sent).toMatchObject({ status: "sent", attemptCount: 2, lastError: null });
    expect(sent.attempts.map((a) => a.ok)).toEqual([false, true]);
    expect(smtp.messages.map((m) => m.subject)).toEqual(["Your visit #1"]);
  });

  it("a permanent refusal (5xx) fails the mail at once", async () => {
    smtp.refuseNext(1, "permanent");
    const id = await queue(t.org.id);
    await driver().runDue();

    const row = await mailRow(id);
    expect(row).toMatchObject({ status: "failed", attemptCount: 1, nextAttemptAt: null });
    expect(row.lastError).toContain("550");
    expect(row.attempts).toMatchObject([{ number: 1, ok: false }]);
    manual.advance(3 * 3_600_000);
    expect(await driver().runDue()).toBe(0);
    expect(smtp.messages).toHaveLength(0);
  });

  it("five temporary refusals in a row fail the mail, on the 1 min / 5 min / 30 min / 2 h schedule", async () => {
    smtp.refuseNext(5, "temporary");
    const id = await queue(t.org.id);
    await driver().runDue();
    for (const delay of MAIL_RETRY_DELAYS_MS.slice(1)) {
      manual.advance(delay - 1_000);
      expect(await driver().runDue()).toBe(0); // a second early: still waiting
      manual.advance(1_000);
      expect(await driver().runDue()).toBe(1);
    }

    const row = await mailRow(id);
    expect(row).toMatchObject({ status: "failed", attemptCount: 5, nextAttemptAt: null });
    expect(row.attempts.map((a) => a.number)).toEqual([1, 2, 3, 4, 5]);
    expect(row.attempts.every((a) => !a.ok)).toBe(true);
    expect(smtp.refused).toHaveLength(5);
    expect(smtp.messages).toHaveLength(0);
  });

  it("two drivers side by side never send the same mail twice", async () => {
    const orgs = [t.org.id, (await seedOrganization(t.db)).id, (await seedOrganization(t.db)).id];
    const ids: string[] = [];
    for (let n = 0; n < 30; n++) ids.push(await queue(orgs[n % orgs.length]!, message(n)));

    // Small claims, so the two drivers interleave claims on the same rows.
    const options = { batchSize: 2, perOrganization: 10 };
    const [a, b] = [driver(manual.clock, options), driver(manual.clock, options)];
    const processed = await Promise.all([a.runDue(), b.runDue(), a.runDue(), b.runDue()]);

    expect(processed.reduce((sum, n) => sum + n, 0)).toBe(30); // every claim handed out once
    expect(smtp.messages).toHaveLength(30);
    expect(new Set(smtp.messages.map((m) => m.subject)).size).toBe(30);
    const rows = await t.db.outgoingMail.findMany({ where: { id: { in: ids } }, include: { attempts: true } });
    expect(rows.every((row) => row.status === "sent" && row.attemptCount === 1 && row.attempts.length === 1)).toBe(true);
  });

  it("renders the template in the organization's locale", async () => {
    const org = await seedOrganization(t.db, { name: "Inmobiliaria Sol", locale: "es" });
    const { locale } = await t.db.organization.findUniqueOrThrow({ where: { id: org.id }, select: { locale: true } });
    const rendered = renderMail(testMail, locale, { organizationName: org.name, requestedBy: "Lucía" }, "lucia@example.test");
    await queue(org.id, rendered);
    await driver().runDue();

    const [mail] = smtp.messages;
    expect(mail!.subject).toBe("Correo de prueba de Inmobiliaria Sol");
    expect(mail!.text).toContain("Lucía pidió este correo de prueba desde Configuración → Organización.");
    expect(mail!.text).toContain("Si lo está leyendo, el correo saliente funciona.");
    expect(mail!.html).toContain('<html lang="es">');
    expect(mail!.html).toContain("Si lo está leyendo, el correo saliente funciona.");
    expect(mail!.html).not.toMatch(/Test email|If you are reading/);
  });
});

describe("send-mail (Inngest functions)", () => {
  it("the sweeper hands the due mail to a run, and the run sends it", async () => {
    const id = await queue(t.org.id);
    const runtime = async () => ({ db: t.db, clock: manual.clock, policy: INNGEST_POLICY });

    const sweep = await new InngestTestEngine({ function: createJobSweepFunction(sendMailJob, runtime) }).execute({
      steps: [{ id: "dispatch-1", handler: () => ({ ids: ["sent"] }) }],
    });
    expect(sweep.result).toEqual({ dispatched: 1 });
    const [[, events]] = sweep.ctx.step.sendEvent.mock.calls as unknown as [[string, { name: string; id: string; data: unknown }[]]];
    expect(events).toMatchObject([{ name: dueEvent(SEND_MAIL_JOB_ID), data: { mailId: id, organizationId: t.org.id, attempt: 1 } }]);
    expect(smtp.messages).toHaveLength(0); // the sweeper only dispatches

    const run = await new InngestTestEngine({ function: createJobRunFunction(sendMailJob, runtime) }).execute({
      events: [{ name: dueEvent(SEND_MAIL_JOB_ID), data: events[0]!.data as Record<string, unknown> }],
    });
    expect(run.result).toMatchObject({ state: "sent", attempt: 1 });
    expect(smtp.messages.map((m) => m.subject)).toEqual(["Your visit #1"]);
    expect(await mailRow(id)).toMatchObject({ status: "sent", attemptCount: 1, attempts: [{ number: 1, ok: true }] });
  });
});
