import net, { type AddressInfo } from "node:net";
import { beforeAll, describe, expect, it } from "vitest";
import { seedLead, seedOrganization, type SeededOrganization } from "../support/factories";
import { scenarioNumber, type FakeSender } from "../fakes/whatsapp-graph";
import { configureWhatsApp, unconfigureWhatsApp, useMessagingTest } from "./support/messaging-test";
import { configureForTests } from "../../server/config/config";

/**
 * POST /whatsapp/send through the REST door against the loopback Cloud API:
 * what a send answers, what it records on the lead, and how every provider
 * failure maps onto the contract's envelope (with nothing recorded).
 */
const m = useMessagingTest({ observeEvents: true });
const { t } = m;
let senderId: string;
let phoneNumberId: string;
let fakeSender: FakeSender;
/** Always deliverable, in or out of the 24-hour window. */
const HELLO = { name: "hello_world", language: "en_US" };

beforeAll(async () => {
  const connected = await m.connectSender();
  senderId = connected.sender.id;
  phoneNumberId = connected.fake.phoneNumberId;
  fakeSender = connected.fake;
});

type Body = Record<string, unknown> & { error?: { code: string; message: string } };

async function send(json: unknown, org: SeededOrganization = t.org) {
  const response = await t.server.api("/whatsapp/send", { token: org.key, method: "POST", json });
  return { response, status: response.status, body: (await response.json()) as Body };
}

const messagesOf = (organizationId: string) => t.db.whatsAppMessage.count({ where: { organizationId } });

describe("sending", () => {
  it("sends a text to a lead: 201 accepted with WhatsApp's id, logged on the lead's timeline with lead.communication_logged", async () => {
    const lead = await seedLead(t.db, t.org.id, { firstName: "Ana", phone: "+507 6000-1234" });
    await m.contactWrites(fakeSender, "50760001234"); // free text only reaches a contact who wrote in the last 24 hours
    const { status, body } = await send({ leadId: lead.id, text: "Hola Ana, ¿le viene bien el jueves?" });
    expect(status).toBe(201);
    expect(body).toMatchObject({
      id: expect.stringMatching(/^msg_[0-9a-z]{24}$/),
      direction: "outbound",
      status: "accepted",
      senderId,
      leadId: lead.id,
      contactPhone: "+50760001234",
      type: "text",
      text: "Hola Ana, ¿le viene bien el jueves?",
      providerMessageId: expect.stringMatching(/^wamid\./),
      failure: null,
      sentBy: "API key test key",
    });
    const sent = m.graph.sends.at(-1)!;
    expect(sent).toMatchObject({ phoneNumberId, to: "50760001234", providerMessageId: body.providerMessageId });
    expect(sent.body).toEqual({
      messaging_product: "whatsapp",
      recipient_type: "individual",
      to: "50760001234",
      type: "text",
      text: { preview_url: false, body: "Hola Ana, ¿le viene bien el jueves?" },
    });

    const timeline = await t.server.api(`/leads/${lead.id}/activities?type=social_message`, { token: t.org.key });
    const entries = ((await timeline.json()) as { data: Record<string, unknown>[] }).data;
    expect(entries.map((entry) => entry.communicationDirection)).toEqual(["outbound", "inbound"]);
    expect(entries.slice(0, 1)).toEqual([
      expect.objectContaining({
        id: body.activityId,
        type: "social_message",
        communicationType: "social_message",
        communicationDirection: "outbound",
        content: "Hola Ana, ¿le viene bien el jueves?",
      }),
    ]);
    const event = await t.db.webhookEvent.findFirstOrThrow({ where: { organizationId: t.org.id, type: "lead.communication_logged" }, orderBy: { createdAt: "desc" } });
    expect(JSON.parse(event.body).data).toMatchObject({
      leadId: lead.id,
      communication: { id: body.activityId, type: "social_message", direction: "outbound", channel: "whatsapp", messageId: body.id },
    });
    expect(event.origin).toBe("api");
  });

  it("sends an approved template with its parameters to a raw number (nothing logged on a lead)", async () => {
    const { status, body } = await send({ to: "+52 55 1234 5678", template: { name: "visita_confirmada", language: "es", parameters: ["Ana", "Torre Azul"] } });
    expect(status).toBe(201);
    expect(body).toMatchObject({
      leadId: null,
      activityId: null,
      contactPhone: "+5215512345678", // the contact as WhatsApp names it: its wa_id keeps Mexico's mobile 1
      type: "template",
      template: { name: "visita_confirmada", language: "es", parameters: ["Ana", "Torre Azul"] },
      text: "Template visita_confirmada (es): Ana · Torre Azul",
    });
    expect(m.graph.sends.at(-1)!.body.template).toEqual({
      name: "visita_confirmada",
      language: { code: "es" },
      components: [{ type: "body", parameters: [{ type: "text", text: "Ana" }, { type: "text", text: "Torre Azul" }] }],
    });
  });

  it("charges one monthly unit per message on the shared counter", async () => {
    const org = await seedOrganization(t.db, { rateLimitExempt: false });
    const { fake } = await m.connectSender(org);
    await m.contactWrites(fake, "50760002222");
    const first = await send({ to: "+50760002222", text: "uno" }, org);
    const second = await send({ to: "+50760002222", text: "dos" }, org);
    expect([first.status, second.status]).toEqual([201, 201]);
    const before = Number(first.response.headers.get("X-RateLimit-Monthly-Remaining"));
    expect(before).toBeLessThan(50_000);
    expect(Number(second.response.headers.get("X-RateLimit-Monthly-Remaining"))).toBe(before - 1);
  });
});

describe("requests refused before WhatsApp is called (400/404, nothing recorded)", () => {
  it("checks the recipient and the body", async () => {
    const before = await messagesOf(t.org.id);
    const sendsBefore = m.graph.sends.length;
    const cases: [unknown, string, RegExp][] = [
      [{ to: "6000-1234", text: "x" }, "VALIDATION_ERROR", /^to: must be an international number/],
      [{ to: "+0123", text: "x" }, "VALIDATION_ERROR", /^to: /],
      [{ text: "x" }, "VALIDATION_ERROR", /send exactly one of `leadId` and `to`/],
      [{ to: "+50760001234" }, "VALIDATION_ERROR", /send exactly one of `text` and `template`/],
      [{ to: "+50760001234", text: "x", template: { name: "hello_world", language: "en_US" } }, "VALIDATION_ERROR", /exactly one of `text`/],
      [{ to: "+50760001234", template: { name: "Hello World", language: "english" } }, "VALIDATION_ERROR", /template\.name: .*template\.language: /],
      [{ to: "+50760001234", text: "x".repeat(4097) }, "VALIDATION_ERROR", /^text: /],
      [{ leadId: "lead_nope", text: "x" }, "VALIDATION_ERROR", /^leadId: /],
    ];
    for (const [json, code, message] of cases) {
      const { status, body } = await send(json);
      expect([status, body.error?.code], JSON.stringify(json)).toEqual([400, code]);
      expect(body.error?.message, JSON.stringify(json)).toMatch(message);
    }
    expect(await messagesOf(t.org.id)).toBe(before);
    expect(m.graph.sends.length).toBe(sendsBefore);
  });

  it("needs a lead with an international phone", async () => {
    const noPhone = await seedLead(t.db, t.org.id, { firstName: "Sin teléfono" });
    const local = await seedLead(t.db, t.org.id, { phone: "6000-1234" });
    expect((await send({ leadId: noPhone.id, text: "x" })).body.error).toEqual({ code: "VALIDATION_ERROR", message: "leadId: the lead has no phone number" });
    expect((await send({ leadId: local.id, text: "x" })).body.error?.message).toMatch(/^leadId: the lead's phone "6000-1234" is not an international number/);
    const missing = await send({ leadId: "lead_000000000000000000000000", text: "x" });
    expect([missing.status, missing.body.error?.code]).toEqual([404, "NOT_FOUND"]);
  });

  it("needs a sender: none connected, several without senderId, an unknown one", async () => {
    const lonely = await seedOrganization(t.db, { rateLimitExempt: true });
    const none = await send({ to: "+50760001234", template: HELLO }, lonely);
    expect([none.status, none.body.error?.code]).toEqual([400, "BAD_REQUEST"]);
    expect(none.body.error?.message).toContain("No WhatsApp sender is connected");

    const busy = await seedOrganization(t.db, { rateLimitExempt: true });
    const { sender } = await m.connectSender(busy);
    await m.connectSender(busy);
    const ambiguous = await send({ to: "+50760001234", template: HELLO }, busy);
    expect([ambiguous.status, ambiguous.body.error?.code]).toEqual([400, "BAD_REQUEST"]);
    expect(ambiguous.body.error?.message).toContain("2 WhatsApp senders");
    expect((await send({ senderId: sender.id, to: "+50760001234", template: HELLO }, busy)).status).toBe(201);

    const unknown = await send({ senderId: "00000000-0000-4000-8000-000000000000", to: "+50760001234", template: HELLO });
    expect([unknown.status, unknown.body.error?.code]).toEqual([404, "NOT_FOUND"]);
    // Another organization's sender is an unknown sender.
    const foreign = await send({ senderId: sender.id, to: "+50760001234", template: HELLO });
    expect([foreign.status, foreign.body.error?.message]).toEqual([404, unknown.body.error?.message]);
  });

  it("says so when WhatsApp is not configured on the server", async () => {
    unconfigureWhatsApp();
    try {
      const { status, body } = await send({ to: "+50760001234", template: HELLO });
      expect([status, body.error?.code]).toEqual([400, "BAD_REQUEST"]);
      expect(body.error?.message).toContain("not configured");
    } finally {
      configureWhatsApp(m.graph.baseUrl);
    }
  });
});

describe("WhatsApp's refusals and failures map onto the envelope (nothing recorded)", () => {
  it("a rejection with its reason is 400 BAD_REQUEST; a refused template parameter is 400 VALIDATION_ERROR", async () => {
    const before = await messagesOf(t.org.id);
    const undeliverable = await send({ to: scenarioNumber("undeliverable"), template: HELLO });
    expect([undeliverable.status, undeliverable.body.error?.code]).toEqual([400, "BAD_REQUEST"]);
    expect(undeliverable.body.error?.message).toBe(
      "This number cannot receive WhatsApp messages (it is not on WhatsApp, or its app is too old or has not accepted WhatsApp's terms). Nothing was sent.",
    );
    const spam = await send({ to: scenarioNumber("spamLimited"), template: HELLO });
    expect([spam.status, spam.body.error?.code]).toEqual([400, "BAD_REQUEST"]);
    expect(spam.body.error?.message).toContain("blocked or reported as spam");

    const unknownTemplate = await send({ to: "+50760001234", template: { name: "no_such_template", language: "es" } });
    expect([unknownTemplate.status, unknownTemplate.body.error?.code]).toEqual([400, "VALIDATION_ERROR"]);
    expect(unknownTemplate.body.error?.message).toMatch(/^template: WhatsApp refused it: \(#132001\)/);

    const wrongCount = await send({ to: "+50760001234", template: { name: "visita_confirmada", language: "es", parameters: ["Ana"] } });
    expect(wrongCount.body.error?.message).toMatch(/^template: WhatsApp refused it: \(#132000\)/);
    expect(await messagesOf(t.org.id)).toBe(before);
  });

  it("throttling and outages are 503 with Retry-After; WhatsApp's own errors are 502; both safe to retry", async () => {
    const throttled = await send({ to: scenarioNumber("throttled"), template: HELLO });
    expect([throttled.status, throttled.body.error?.code, throttled.response.headers.get("Retry-After")]).toEqual([503, "SERVICE_UNAVAILABLE", "60"]);
    expect(throttled.body.error?.message).toContain("Nothing was sent; retry in 60 s");

    const pair = await send({ to: scenarioNumber("pairThrottled"), template: HELLO });
    expect([pair.status, pair.response.headers.get("Retry-After")]).toEqual([503, "60"]);
    expect(pair.body.error?.message).toContain("Too many messages to this contact");

    const unavailable = await send({ to: scenarioNumber("unavailable"), template: HELLO });
    expect([unavailable.status, unavailable.response.headers.get("Retry-After")]).toEqual([503, "30"]);

    const providerError = await send({ to: scenarioNumber("providerError"), template: HELLO });
    expect([providerError.status, providerError.body.error?.code]).toEqual([502, "BAD_GATEWAY"]);
    expect(providerError.body.error?.message).toContain("it is safe to retry");
  });

  it("no answer in time is 504: the outcome is unknown", async () => {
    const slow = await send({ to: scenarioNumber("slow"), template: HELLO });
    expect([slow.status, slow.body.error?.code]).toEqual([504, "GATEWAY_TIMEOUT"]);
    expect(slow.body.error?.message).toContain("may still be delivered");
  });

  it("an unreachable WhatsApp is 503 (the connection was refused: nothing left)", async () => {
    const closed = net.createServer();
    await new Promise<void>((resolve) => closed.listen(0, "127.0.0.1", resolve));
    const port = (closed.address() as AddressInfo).port;
    await new Promise((resolve) => closed.close(resolve));
    configureForTests({ WHATSAPP_GRAPH_BASE_URL: `http://127.0.0.1:${port}` });
    try {
      const { status, body, response } = await send({ to: "+50760001234", template: HELLO });
      expect([status, body.error?.code, response.headers.get("Retry-After")]).toEqual([503, "SERVICE_UNAVAILABLE", "30"]);
    } finally {
      configureWhatsApp(m.graph.baseUrl);
    }
  });

  it("a refused token (401, code 190) marks the sender reconnect_required; later sends are refused without calling WhatsApp", async () => {
    const org = await seedOrganization(t.db, { rateLimitExempt: true });
    const { sender } = await m.connectSender(org);
    const expired = await send({ to: scenarioNumber("expiredToken"), template: HELLO }, org);
    expect([expired.status, expired.body.error?.code]).toEqual([403, "FORBIDDEN"]);
    expect(expired.body.error?.message).toContain("needs reconnecting");
    const listed = (await (await t.server.api("/whatsapp/senders", { token: org.key })).json()) as { data: { id: string; status: string }[] };
    expect(listed.data).toEqual([expect.objectContaining({ id: sender.id, status: "reconnect_required" })]);

    const calls = m.graph.requests.length;
    const again = await send({ to: "+50760001234", template: HELLO }, org);
    expect([again.status, again.body.error?.code]).toEqual([403, "FORBIDDEN"]);
    expect(m.graph.requests.length).toBe(calls);
    expect(await messagesOf(org.id)).toBe(0);
  });
});
