import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { Temporal } from "temporal-polyfill";
import { configureForTests } from "../../server/config/config";
import { Prisma } from "../../server/db/generated/client";
import { systemPrincipal } from "../../server/auth/system-principal";
import { deferredJobKinds } from "../../server/jobs/deferred/kinds";
import { deferredJobRunner } from "../../server/jobs/deferred/run-deferred-job";
import { EmbeddedDriver } from "../../server/jobs/embedded/embedded-driver";
import type { Clock } from "../../server/jobs/job-clock";
import { sendMailJob } from "../../server/mail/send-mail-job";
import { closeSmtpTransports } from "../../server/mail/smtp-transport";
import { sendMatchedUnit } from "../../server/matching/send-matched-unit";
import { seedMember, seedOAuthToken, seedOrganization, type SeededOrganization } from "../support/factories";
import { startSmtpCapture, type SmtpCapture } from "../support/smtp-capture";
import { useMessagingTest } from "../messaging/support/messaging-test";

/**
 * Sending matched units through the doors: projects, units, leads and
 * settings written over REST, matching and sending run by the embedded
 * driver on a clock the test sets, WhatsApp through the loopback Cloud API
 * fake (which checks the template's language and parameter count) and
 * e-mail through a real SMTP server on loopback.
 */
const m = useMessagingTest();
const { t } = m;
let smtp: SmtpCapture;
let org: SeededOrganization;
const ZONE = "America/Santiago";

/** The unit template: `{{1}}` the lead's name, `{{2}}` the unit, `{{3}}` the personal sheet link. */
const UNIT_TEMPLATE = { name: "unidad_nueva", language: "es", category: "MARKETING", status: "APPROVED" as const, body: "Hola {{1}}, {{2}} te puede interesar: {{3}}" };
const SENDING = {
  sendToLead: "whatsapp_then_email",
  whatsApp: { templateName: "unidad_nueva", languages: { es: "es" } },
  email: { es: { subject: "{name}, mira {unit}", body: "Hola {name}:\n\nEncontramos {unit} para ti: {link}" } },
};

/** Real time unless the test fixes an instant (always in the future, so rows queued on the database clock are due). */
let fixedAt: number | null = null;
const clock: Clock = () => new Date(fixedAt ?? Date.now());
async function runJobs(): Promise<void> {
  const driver = new EmbeddedDriver({ db: t.db, clock, jobs: [deferredJobRunner(deferredJobKinds), sendMailJob] });
  for (let round = 0; round < 20 && (await driver.runDue()) > 0; round++);
}

type Json = Record<string, unknown>;
async function call(path: string, init: { method?: string; json?: unknown; key?: string } = {}) {
  const response = await t.server.api(path, { token: init.key ?? org.key, method: init.method ?? "GET", json: init.json });
  return { status: response.status, body: (await response.json()) as Json };
}
async function created(path: string, json: Json): Promise<string> {
  const { status, body } = await call(path, { method: "POST", json });
  expect(status).toBe(201);
  return body.id as string;
}
const CONSENT = { consented: true, source: "form" };
async function project(name: string, sending: Json | null = SENDING): Promise<string> {
  const id = await created("/projects", { name, currency: "CLP" });
  if (sending) expect((await call(`/projects/${id}/match-sending`, { method: "PATCH", json: sending })).status).toBe(200);
  return id;
}
const lead = (projectId: string, json: Json) => created("/leads", { interest: { projectIds: [projectId] }, ...json });
const timeline = async (leadId: string) => ((await call(`/leads/${leadId}/activities?limit=100&activityScope=all`)).body.data as Json[]) ?? [];
const sendOf = (unitId: string, leadId: string) => t.db.unitSend.findUnique({ where: { unitId_leadId: { unitId, leadId } } });
const templateSendsTo = (digits: string) => m.graph.sends.filter((send) => send.to === digits);

beforeAll(async () => {
  smtp = await startSmtpCapture();
  configureForTests({ SMTP_URL: smtp.url });
  org = await seedOrganization(t.db, { rateLimitExempt: true, locale: "es" });
  const { fake } = await m.connectSender(org);
  m.graph.setTemplates(fake.businessAccountId, [UNIT_TEMPLATE]);
});

afterAll(async () => {
  configureForTests({ SMTP_URL: undefined });
  closeSmtpTransports();
  await smtp.close();
});

describe("a new match sends the unit to the lead", () => {
  it("by WhatsApp template with the personal sheet link, only to leads who consented, as a unit_sent entry", async () => {
    const projectId = await project("Torre Envío");
    const yes = await lead(projectId, { firstName: "Lucía", phone: "+507 6000-1111", offersConsent: CONSENT });
    const no = await lead(projectId, { firstName: "Pedro", phone: "+507 6000-2222", offersConsent: { consented: false, source: "form" } });
    const unasked = await lead(projectId, { firstName: "Rosa", phone: "+507 6000-3333" });
    const unitId = await created(`/projects/${projectId}/units`, { name: "A-1201", price: 1000 });
    await runJobs();

    const [sent, ...others] = templateSendsTo("50760001111");
    expect(others).toEqual([]);
    const parameters = (sent!.body.template as { components: { parameters: { text: string }[] }[] }).components[0]!.parameters.map((p) => p.text);
    expect(parameters.slice(0, 2)).toEqual(["Lucía", "A-1201"]);
    const links = await call(`/projects/${projectId}/sheet-links?unitId=${unitId}`);
    expect((links.body.data as Json[]).find((link) => link.leadId === yes)).toMatchObject({ url: parameters[2] });
    expect(templateSendsTo("50760002222")).toEqual([]);
    expect(templateSendsTo("50760003333")).toEqual([]);
    expect(await sendOf(unitId, yes)).toMatchObject({ status: "sent", channel: "whatsapp" });
    expect(await sendOf(unitId, no)).toBeNull();
    expect(await sendOf(unitId, unasked)).toBeNull();
    const entry = (await timeline(yes)).find((activity) => activity.type === "unit_sent");
    expect(entry).toMatchObject({ user: expect.objectContaining({ id: "system" }) });
    expect(JSON.stringify(entry)).toContain("A-1201");
  });

  it("never twice: concurrent runs, another instance and a later retry send the unit once", async () => {
    const projectId = await project("Torre Una Vez");
    const leadId = await lead(projectId, { firstName: "Mateo", phone: "+507 6000-4444", offersConsent: CONSENT });
    const unitId = await created(`/projects/${projectId}/units`, { name: "B-1", price: 1000 });
    const ctx = { db: t.db, principal: await systemPrincipal(t.db, org.id) };
    const outcomes = await Promise.all([runJobs(), runJobs(), sendMatchedUnit(ctx, { unitId, leadId }, new Date()), sendMatchedUnit(ctx, { unitId, leadId }, new Date())]);
    await runJobs();
    expect(await sendMatchedUnit(ctx, { unitId, leadId }, new Date())).toEqual({ state: "skipped" });
    expect(templateSendsTo("50760004444")).toHaveLength(1);
    expect(outcomes.slice(2).filter((outcome) => outcome && outcome.state === "sent").length).toBeLessThanOrEqual(1);
    expect((await timeline(leadId)).filter((activity) => activity.type === "unit_sent")).toHaveLength(1);
  });

  it("falls back to e-mail when WhatsApp cannot reach the lead, with the link in the mail", async () => {
    smtp.reset();
    const projectId = await project("Torre Correo");
    // The fake refuses numbers ending in 131026 as Meta does an undeliverable recipient.
    const refused = await lead(projectId, { firstName: "Sofía", phone: "+507 6213-1026", email: "sofia@example.com", offersConsent: CONSENT });
    const noPhone = await lead(projectId, { firstName: "Diego", email: "diego@example.com", offersConsent: CONSENT });
    const unitId = await created(`/projects/${projectId}/units`, { name: "C-7", price: 1000 });
    await runJobs();
    const mails = await smtp.waitFor(2);
    expect(mails.map((mail) => mail.subject).sort()).toEqual(["Diego, mira C-7", "Sofía, mira C-7"]);
    const links = (await call(`/projects/${projectId}/sheet-links?unitId=${unitId}`)).body.data as Json[];
    const sofiaLink = links.find((row) => row.leadId === refused)!.url as string;
    expect(mails.find((mail) => mail.envelopeTo[0] === "sofia@example.com")!.text).toContain(sofiaLink);
    expect(await sendOf(unitId, refused)).toMatchObject({ status: "sent", channel: "email" });
    expect(await sendOf(unitId, noPhone)).toMatchObject({ status: "sent", channel: "email" });
    expect(JSON.stringify((await timeline(refused)).find((activity) => activity.type === "unit_sent"))).toContain("C-7");
  });
});

describe("sending hours and availability at send time", () => {
  /** The next Saturday noon in Santiago at least two days ahead, and the Monday 09:00 opening after it (DST resolved by Temporal). */
  function weekend(): { saturdayNoon: number; mondayOpening: number } {
    let date = Temporal.Now.zonedDateTimeISO(ZONE).toPlainDate().add({ days: 2 });
    while (date.dayOfWeek !== 6) date = date.add({ days: 1 });
    const at = (day: Temporal.PlainDate, hour: number) => day.toPlainDateTime({ hour }).toZonedDateTime(ZONE).epochMilliseconds;
    return { saturdayNoon: at(date, 12), mondayOpening: at(date.add({ days: 2 }), 9) };
  }

  afterAll(async () => {
    fixedAt = null;
    await t.db.organization.update({ where: { id: org.id }, data: { businessHours: Prisma.DbNull, timezone: null } });
  });

  it("outside hours waits for the next opening; a unit reserved meanwhile is not sent and the reason is kept", async () => {
    const { saturdayNoon, mondayOpening } = weekend();
    // Settings fixture: Monday to Friday 09:00–18:00 in Santiago (the dashboard writes these columns).
    await t.db.organization.update({ where: { id: org.id }, data: { timezone: ZONE, businessHours: { start: "09:00", end: "18:00", weekdays: [1, 2, 3, 4, 5] } } });
    const projectId = await project("Torre Horario");
    const leadId = await lead(projectId, { firstName: "Elena", phone: "+507 6000-5555", offersConsent: CONSENT });
    const kept = await created(`/projects/${projectId}/units`, { name: "H-1", price: 1000 });
    const reserved = await created(`/projects/${projectId}/units`, { name: "H-2", price: 1000 });

    fixedAt = saturdayNoon;
    await runJobs();
    expect(templateSendsTo("50760005555")).toEqual([]);
    expect(await sendOf(kept, leadId)).toBeNull();
    const waiting = await t.db.deferredJob.findMany({ where: { organizationId: org.id, kind: "match.send-unit", status: "pending" }, select: { runAt: true } });
    expect(waiting.map((job) => job.runAt.getTime())).toEqual([mondayOpening, mondayOpening]);

    expect((await call(`/projects/${projectId}/units/${reserved}`, { method: "PATCH", json: { status: "reserved" } })).status).toBe(200);
    fixedAt = mondayOpening - 60_000;
    await runJobs();
    expect(templateSendsTo("50760005555")).toEqual([]);

    fixedAt = mondayOpening;
    await runJobs();
    const sends = templateSendsTo("50760005555");
    expect(sends).toHaveLength(1);
    expect(JSON.stringify(sends[0]!.body)).toContain("H-1");
    expect(await sendOf(kept, leadId)).toMatchObject({ status: "sent", channel: "whatsapp" });
    expect(await sendOf(reserved, leadId)).toMatchObject({ status: "not_sent", reason: "unit_unavailable" });
    expect((await timeline(leadId)).filter((activity) => activity.type === "unit_sent")).toHaveLength(1);
  });
});

describe("the organization's default", () => {
  it("decides for projects without their own setting; owners and admins only", async () => {
    const member = await seedMember(t.db, org.id, { role: "member" });
    const memberToken = (await seedOAuthToken(t.db, { organizationId: org.id, userId: member.userId })).token;
    expect((await call("/match-sending", { key: memberToken })).status).toBe(403);
    expect((await call("/match-sending", { key: memberToken, method: "PATCH", json: { notifyOwner: true } })).status).toBe(403);
    expect((await call("/match-sending")).body).toMatchObject({ sendToLead: "off", notifyOwner: false, canSend: false });
    const changed = await call("/match-sending", { method: "PATCH", json: { sendToLead: "email", email: SENDING.email } });
    expect(changed.status).toBe(200);
    expect(changed.body).toMatchObject({ sendToLead: "email", canSend: true });
    expect((await call("/match-sending", { method: "PATCH", json: { sendToLead: "whatsapp" } })).status).toBe(400);

    const following = await project("Torre Por Defecto", null);
    expect((await call(`/projects/${following}/match-sending`)).body).toMatchObject({ usesOrganizationDefault: true, sendToLead: "email", canSend: true });
    const own = await project("Torre Propia", { sendToLead: "off" });
    expect((await call(`/projects/${own}/match-sending`)).body).toMatchObject({ usesOrganizationDefault: false, sendToLead: "off", canSend: false });

    smtp.reset();
    const leadId = await created("/leads", { firstName: "Ana", email: "ana@example.com", offersConsent: CONSENT, interest: { projectIds: [following, own] } });
    const followingUnit = await created(`/projects/${following}/units`, { name: "D-1", price: 1000 });
    const ownUnit = await created(`/projects/${own}/units`, { name: "P-1", price: 1000 });
    await runJobs();
    expect((await smtp.waitFor(1)).map((mail) => mail.subject)).toEqual(["Ana, mira D-1"]);
    expect(await sendOf(followingUnit, leadId)).toMatchObject({ status: "sent", channel: "email" });
    expect(await sendOf(ownUnit, leadId)).toBeNull();
  });
});
