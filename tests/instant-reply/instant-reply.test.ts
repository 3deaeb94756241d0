import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { configureForTests } from "../../server/config/config";
import { sendInstantReply } from "../../server/instant-reply/send-instant-reply";
import { systemPrincipal } from "../../server/auth/system-principal";
import { deferredJobKinds } from "../../server/jobs/deferred/kinds";
import { deferredJobRunner } from "../../server/jobs/deferred/run-deferred-job";
import { EmbeddedDriver } from "../../server/jobs/embedded/embedded-driver";
import { sendMailJob } from "../../server/mail/send-mail-job";
import { closeSmtpTransports } from "../../server/mail/smtp-transport";
import { seedOrganization, type SeededOrganization } from "../support/factories";
import { startSmtpCapture, type SmtpCapture } from "../support/smtp-capture";
import { createManualClock } from "../webhooks/support/manual-clock";
import { useMessagingTest } from "../messaging/support/messaging-test";
import type { FakeSender } from "../fakes/whatsapp-graph";
import { sessionCookie } from "../security/support/dashboard-session";
import { trpc } from "../team/support/team-http";

/**
 * The instant reply through the doors: settings over REST, leads created
 * over REST, the reply sent by the deferred job under the embedded driver
 * (a manual clock) to the loopback WhatsApp Cloud API (which checks the
 * template, its language and its parameter count as Meta does) and to a real
 * SMTP server on loopback.
 */
const m = useMessagingTest();
const { t } = m;
let smtp: SmtpCapture;
let org: SeededOrganization;
let fake: FakeSender;

/** An approved template with the one parameter the reply fills (the lead's first name), in two languages. */
const WELCOME = [
  { name: "bienvenida", language: "es", category: "UTILITY", status: "APPROVED" as const, body: "Hola {{1}}, gracias por escribirnos." },
  { name: "bienvenida", language: "en_US", category: "UTILITY", status: "APPROVED" as const, body: "Hi {{1}}, thanks for reaching out." },
];
const WHATSAPP_AND_EMAIL = {
  enabled: true,
  channels: ["whatsapp", "email"],
  whatsApp: { templateName: "bienvenida", languages: { en: "en_US", es: "es" } },
  email: {
    en: { subject: "Thanks, {name}", body: "Hi {name},\n\nAn agent will call you shortly." },
    es: { subject: "Gracias, {name}", body: "Hola {name}:\n\nUn asesor te llamará en breve." },
  },
};

const clock = createManualClock().clock;
/** Runs what is due: the deferred jobs (the reply) and the mail job (its e-mail), as the embedded driver would. */
async function runJobs(): Promise<void> {
  const driver = new EmbeddedDriver({ db: t.db, clock, jobs: [deferredJobRunner(deferredJobKinds), sendMailJob] });
  for (let round = 0; round < 10 && (await driver.runDue()) > 0; round++);
}

type Json = Record<string, unknown>;
async function call(path: string, init: { method?: string; json?: unknown; key?: string } = {}) {
  const response = await t.server.api(path, { token: init.key ?? org.key, method: init.method ?? "GET", json: init.json });
  return { status: response.status, body: (await response.json()) as Json };
}
async function createLead(json: Json, key = org.key): Promise<string> {
  const { status, body } = await call("/leads", { method: "POST", json, key });
  expect(status).toBe(201);
  return body.id as string;
}
async function timeline(leadId: string, key = org.key): Promise<Json[]> {
  return ((await call(`/leads/${leadId}/activities?limit=100&activityScope=all`, { key })).body.data as Json[]) ?? [];
}

beforeAll(async () => {
  smtp = await startSmtpCapture();
  configureForTests({ SMTP_URL: smtp.url });
  org = await seedOrganization(t.db, { rateLimitExempt: true, locale: "es" });
  ({ fake } = await m.connectSender(org));
  m.graph.setTemplates(fake.businessAccountId, WELCOME);
});

afterAll(async () => {
  configureForTests({ SMTP_URL: undefined });
  closeSmtpTransports();
  await smtp.close();
});

describe("settings", () => {
  it("answers every source's setting (off until set) and which channels can send", async () => {
    const { status, body } = await call("/instant-reply");
    expect(status).toBe(200);
    expect(body.availableChannels).toEqual([
      { channel: "whatsapp", available: true, reason: null },
      { channel: "email", available: true, reason: null },
    ]);
    expect((body.sources as Json[]).find((source) => source.source === "website")).toMatchObject({ enabled: false, canSend: true });
  });

  it("refuses to switch on without the listed channels' messages", async () => {
    const { status, body } = await call("/instant-reply", { method: "PATCH", json: { source: "website", enabled: true } });
    expect(status).toBe(400);
    expect(body.error).toMatchObject({ code: "VALIDATION_ERROR" });
  });

  it("keeps a pool's own setting, 404 for another organization's pool", async () => {
    const pool = await call("/round-robin", { method: "POST", json: { name: "Ventas", participantIds: [org.ownerId], assignInboundLeads: false } });
    expect(pool.status).toBe(201);
    const poolId = pool.body.id as string;
    const changed = await call(`/round-robin/${poolId}/instant-reply`, { method: "PATCH", json: { ...WHATSAPP_AND_EMAIL, channels: ["email"] } });
    expect(changed.status).toBe(200);
    expect(changed.body).toMatchObject({ roundRobinId: poolId, enabled: true, channels: ["email"], canSend: true });
    expect((await call(`/round-robin/${poolId}/instant-reply`)).body).toEqual(changed.body);
    const other = await seedOrganization(t.db, { rateLimitExempt: true });
    expect((await call(`/round-robin/${poolId}/instant-reply`, { key: other.key })).status).toBe(404);
  });
});

describe("a new lead is answered", () => {
  beforeAll(async () => {
    const { status } = await call("/instant-reply", { method: "PATCH", json: { source: "website", ...WHATSAPP_AND_EMAIL } });
    expect(status).toBe(200);
  });

  it("by WhatsApp template in the organization's language with the lead's first name, by the System, not as a first touch", async () => {
    const sends = m.graph.sends.length;
    const leadId = await createLead({ firstName: "Lucía", lastName: "Gómez", phone: "+507 6000-4321", source: "website", assignedToId: org.ownerId });
    await runJobs();
    expect(m.graph.sends.length).toBe(sends + 1);
    expect(m.graph.sends.at(-1)).toMatchObject({ to: "50760004321" });
    expect(m.graph.sends.at(-1)!.body.template).toEqual({
      name: "bienvenida",
      language: { code: "es" },
      components: [{ type: "body", parameters: [{ type: "text", text: "Lucía" }] }],
    });
    const entries = await timeline(leadId);
    const reply = entries.find((entry) => entry.type === "social_message");
    expect(reply).toMatchObject({ communicationDirection: "outbound", user: expect.objectContaining({ id: "system" }) });
    const lead = (await call(`/leads/${leadId}`)).body;
    expect(lead.firstTouch).toMatchObject({ dueAt: expect.any(String), touchedAt: null });
    expect(await t.db.instantReply.findUniqueOrThrow({ where: { leadId } })).toMatchObject({ status: "sent", channel: "whatsapp" });
  });

  it("never twice: a second run, another instance or a retry finds the reply decided", async () => {
    const leadId = await createLead({ firstName: "Mateo", phone: "+507 6000-5555", source: "website" });
    const sends = m.graph.sends.length;
    const principal = await systemPrincipal(t.db, org.id);
    const runs = await Promise.all([runJobs(), sendInstantReply({ db: t.db, principal }, leadId), sendInstantReply({ db: t.db, principal }, leadId)]);
    await runJobs();
    expect(m.graph.sends.length).toBe(sends + 1);
    expect(runs.slice(1).filter((outcome) => outcome && outcome.state === "sent").length).toBeLessThanOrEqual(1);
    expect((await timeline(leadId)).filter((entry) => entry.type === "social_message")).toHaveLength(1);
  });

  it("by e-mail when the lead has no mobile number, through SMTP", async () => {
    smtp.reset();
    const leadId = await createLead({ firstName: "Sofía", email: "sofia@example.com", phone: "+507 200-1234", source: "website" });
    await runJobs();
    const [mail] = await smtp.waitFor(1);
    expect(mail).toMatchObject({ subject: "Gracias, Sofía" });
    expect(mail!.envelopeTo).toEqual(["sofia@example.com"]);
    expect(mail!.text).toContain("Un asesor te llamará en breve.");
    const entries = await timeline(leadId);
    expect(entries.find((entry) => entry.type === "email")).toMatchObject({ communicationDirection: "outbound" });
  });

  it("in the lead's own language when it has one, by either channel", async () => {
    const sends = m.graph.sends.length;
    const leadId = await createLead({ firstName: "Emma", phone: "+507 6000-7777", source: "website", language: "en" });
    await runJobs();
    expect(m.graph.sends.length).toBe(sends + 1);
    expect(m.graph.sends.at(-1)!.body.template).toMatchObject({ language: { code: "en_US" } });
    expect((await call(`/leads/${leadId}`)).body).toMatchObject({ language: "en" });
    smtp.reset();
    await createLead({ firstName: "Liam", email: "liam@example.com", source: "website", language: "en" });
    await runJobs();
    const [mail] = await smtp.waitFor(1);
    expect(mail).toMatchObject({ subject: "Thanks, Liam" });
  });

  it("a pool's setting wins over the source's", async () => {
    smtp.reset();
    // A pool without connections takes every arriving lead from now on (the catch-all).
    const pool = await call("/round-robin", { method: "POST", json: { name: "Web", participantIds: [org.ownerId] } });
    const poolId = pool.body.id as string;
    await call(`/round-robin/${poolId}/instant-reply`, { method: "PATCH", json: { ...WHATSAPP_AND_EMAIL, channels: ["email"] } });
    const sends = m.graph.sends.length;
    await createLead({ firstName: "Diego", phone: "+507 6000-7777", email: "diego@example.com", source: "website", roundRobinId: poolId });
    await runJobs();
    expect(m.graph.sends.length).toBe(sends);
    expect((await smtp.waitFor(1))[0]).toMatchObject({ subject: "Gracias, Diego" });
  });

  it("never to a lead who opted out: nothing sent, the timeline says why", async () => {
    const sends = m.graph.sends.length;
    const leadId = await createLead({
      firstName: "Ana",
      phone: "+507 6000-8888",
      source: "website",
      offersConsent: { consented: false, source: "form" },
    });
    await runJobs();
    expect(m.graph.sends.length).toBe(sends);
    const entry = (await timeline(leadId)).find((item) => item.type === "instant_reply_not_sent");
    expect(entry).toMatchObject({ content: "Respuesta instantánea no enviada: el lead pidió no recibir mensajes" });
  });

  it("not to a WhatsApp contact who wrote first", async () => {
    await call("/instant-reply", { method: "PATCH", json: { source: "messaging_app", ...WHATSAPP_AND_EMAIL } });
    const sends = m.graph.sends.length;
    await m.contactWrites(fake, "50760009999");
    await runJobs();
    expect(m.graph.sends.length).toBe(sends);
    const lead = await t.db.lead.findFirstOrThrow({ where: { organizationId: org.id, phoneE164: "+50760009999" } });
    expect(await t.db.instantReply.findUnique({ where: { leadId: lead.id } })).toBeNull();
  });

  it("not to leads brought by a CSV import, which arrived elsewhere", async () => {
    const cookie = await sessionCookie({ userId: org.ownerId, organizationId: org.id });
    const csv = "Nombre,Teléfono,Correo,Origen\nValentina,+507 6000-7777,valentina@example.com,website";
    const preview = await trpc<{ suggestedMapping: Record<string, number> }>(t.server, "leads.imports.preview", { cookie, mutation: true, input: { content: csv } });
    const started = await trpc<{ id: string }>(t.server, "leads.imports.start", {
      cookie,
      mutation: true,
      input: { fileName: "leads.csv", content: csv, mapping: preview.data.suggestedMapping, onDuplicate: "create" },
    });
    expect(started.error).toBeUndefined();
    const sends = m.graph.sends.length;
    smtp.reset();
    await runJobs();
    const lead = await t.db.lead.findFirstOrThrow({ where: { organizationId: org.id, email: "valentina@example.com" } });
    expect(lead.source).toBe("website");
    expect(m.graph.sends.length).toBe(sends);
    expect(smtp.messages).toHaveLength(0);
    expect(await t.db.instantReply.findUnique({ where: { leadId: lead.id } })).toBeNull();
  });
});

describe("with no channel", () => {
  it("the settings say so, and a lead's reply is recorded as not sent", async () => {
    configureForTests({ SMTP_URL: undefined });
    try {
      const bare = await seedOrganization(t.db, { rateLimitExempt: true });
      const changed = await call("/instant-reply", { method: "PATCH", key: bare.key, json: { source: "website", ...WHATSAPP_AND_EMAIL } });
      expect(changed.status).toBe(200);
      expect(changed.body).toMatchObject({
        enabled: true,
        canSend: false,
        availableChannels: [
          { channel: "whatsapp", available: false, reason: "no_sender" },
          { channel: "email", available: false, reason: "smtp_not_configured" },
        ],
      });
      const leadId = await createLead({ firstName: "Juan", phone: "+507 6000-1111", email: "juan@example.com", source: "website" }, bare.key);
      await runJobs();
      const entry = (await timeline(leadId, bare.key)).find((item) => item.type === "instant_reply_not_sent");
      expect(entry).toMatchObject({
        activityScope: "system",
        content: "Instant reply not sent: no WhatsApp number is connected and outgoing e-mail is not set up",
      });
      expect(await t.db.instantReply.findUniqueOrThrow({ where: { leadId } })).toMatchObject({ status: "not_sent", reason: "no_channel" });
    } finally {
      configureForTests({ SMTP_URL: smtp.url });
    }
  });
});
