import { beforeAll, describe, expect, it } from "vitest";
import { seedLead, seedOrganization } from "../support/factories";
import { inboundTextPayload, statusPayload } from "../fakes/whatsapp-webhook";
import { fingerprintOf } from "../security/support/tenant-data";
import { APP_SECRET, configureWhatsApp, unconfigureWhatsApp, useMessagingTest, VERIFY_TOKEN } from "./support/messaging-test";

/**
 * Meta's webhook for delivery statuses and inbound messages, driven through
 * the real route with payloads signed as Meta signs them.
 */
const m = useMessagingTest({ observeEvents: true });
const { t } = m;
let phoneNumberId: string;

beforeAll(async () => {
  phoneNumberId = (await m.connectSender()).fake.phoneNumberId;
});

interface Message {
  id: string;
  status: string;
  leadId: string | null;
  providerMessageId: string;
  failure: { code: number | null; reason: string } | null;
  sentAt: string | null;
  deliveredAt: string | null;
  readAt: string | null;
}

/** A template: it reaches the contact whether or not they wrote in the last 24 hours, so these tests are about statuses only. */
async function sendText(to = "+50760001234"): Promise<Message> {
  const response = await t.server.api("/whatsapp/send", { token: t.org.key, method: "POST", json: { to, template: { name: "hello_world", language: "en_US" } } });
  expect(response.status).toBe(201);
  return (await response.json()) as Message;
}

async function read(id: string): Promise<Message> {
  return (await (await t.server.api(`/whatsapp/messages/${id}`, { token: t.org.key })).json()) as Message;
}

/** Provider timestamps are whole seconds; one fixed "now" for the file keeps expected times exact. */
const NOW_SECONDS = Math.floor(Date.now() / 1000);
const at = (secondsAgo: number) => new Date((NOW_SECONDS - secondsAgo) * 1000);

describe("the verification handshake (GET)", () => {
  it("answers the challenge for our verify token, as plain text; refuses any other token", async () => {
    const ok = await fetch(`${m.webhookUrl}?hub.mode=subscribe&hub.verify_token=${VERIFY_TOKEN}&hub.challenge=1158201444`);
    expect(ok.status).toBe(200);
    expect(ok.headers.get("content-type")).toContain("text/plain");
    expect(await ok.text()).toBe("1158201444");
    const wrong = await fetch(`${m.webhookUrl}?hub.mode=subscribe&hub.verify_token=guess&hub.challenge=1158201444`);
    expect(wrong.status).toBe(403);
    expect(await wrong.json()).toMatchObject({ error: { code: "FORBIDDEN" } });
  });

  it("is 404, saying why, when WhatsApp is not configured", async () => {
    unconfigureWhatsApp();
    try {
      const response = await fetch(`${m.webhookUrl}?hub.mode=subscribe&hub.verify_token=${VERIFY_TOKEN}&hub.challenge=1`);
      expect(response.status).toBe(404);
      expect(((await response.json()) as { error: { message: string } }).error.message).toContain("not configured");
    } finally {
      configureWhatsApp(m.graph.baseUrl);
    }
  });
});

describe("signatures", () => {
  it("a forged, missing or re-serialised signature is 401 and changes nothing", async () => {
    const message = await sendText();
    // The send's own usage counters (monthly units, the day's API usage) are recorded after it answers: not the webhook's doing.
    const IGNORED = ["MonthlyUsage", "ApiKey", "ApiUsageHour"];
    const before = await fingerprintOf(t.db, t.org.id, IGNORED);
    const status = statusPayload({ phoneNumberId, providerMessageId: message.providerMessageId, status: "read" });
    const inbound = inboundTextPayload({ phoneNumberId, from: "50761112222", text: "forged" });

    for (const payload of [status, inbound]) {
      const forged = await m.post(payload, { signature: "sha256=" + "0".repeat(64) });
      expect(forged.status).toBe(401);
      expect(await forged.json()).toMatchObject({ error: { code: "UNAUTHORIZED" } });
      expect((await m.post(payload, { signature: null })).status).toBe(401);
    }
    // Signed with another secret (another app) is as good as forged.
    const { signPayload } = await import("../fakes/whatsapp-webhook");
    expect((await m.post(status, { signature: signPayload(JSON.stringify(status), `${APP_SECRET}-other`) })).status).toBe(401);

    expect(await fingerprintOf(t.db, t.org.id, IGNORED)).toEqual(before);
    expect((await read(message.id)).status).toBe("accepted");
    expect(await t.db.lead.count({ where: { organizationId: t.org.id, phoneDigits: "50761112222" } })).toBe(0);
  });
});

describe("delivery statuses", () => {
  it("moves a message through sent, delivered and read, keeping each time", async () => {
    const message = await sendText();
    for (const [status, secondsAgo] of [["sent", 30], ["delivered", 20], ["read", 10]] as const) {
      const response = await m.post(statusPayload({ phoneNumberId, providerMessageId: message.providerMessageId, status, at: at(secondsAgo) }));
      expect(response.status).toBe(200);
    }
    expect(await read(message.id)).toMatchObject({
      status: "read",
      sentAt: at(30).toISOString(),
      deliveredAt: at(20).toISOString(),
      readAt: at(10).toISOString(),
      failure: null,
    });
  });

  it("is idempotent and ordered: duplicates change nothing, a late `sent` never overwrites `read`", async () => {
    const message = await sendText();
    const read1 = statusPayload({ phoneNumberId, providerMessageId: message.providerMessageId, status: "read", at: at(5) });
    await m.post(read1);
    expect((await read(message.id)).status).toBe("read");
    await m.post(read1);
    await m.post(statusPayload({ phoneNumberId, providerMessageId: message.providerMessageId, status: "sent", at: at(50) }));
    await m.post(statusPayload({ phoneNumberId, providerMessageId: message.providerMessageId, status: "delivered", at: at(40) }));
    const after = await read(message.id);
    expect(after).toMatchObject({ status: "read", sentAt: at(50).toISOString(), deliveredAt: at(40).toISOString(), readAt: at(5).toISOString() });

    // A second copy of the very same callback writes nothing at all.
    const settled = await t.db.whatsAppMessage.findUniqueOrThrow({ where: { id: message.id } });
    await m.post(read1);
    expect((await t.db.whatsAppMessage.findUniqueOrThrow({ where: { id: message.id } })).updatedAt).toEqual(settled.updatedAt);
  });

  it("records WhatsApp's own verdict on the window: a text it reports failed with 131047 keeps that reason", async () => {
    // Meta's documented known issue: a message arrived, yet WhatsApp does not consider the window open. Our records
    // have the contact's message (posted to our webhook directly); the fake WhatsApp never saw it, so its window is closed.
    await m.post(inboundTextPayload({ phoneNumberId, from: "50768889999", text: "Hola" }));
    const response = await t.server.api("/whatsapp/send", { token: t.org.key, method: "POST", json: { to: "+50768889999", text: "¿Le viene bien el sábado?" } });
    expect(response.status).toBe(201);
    const message = (await response.json()) as Message & { failure: unknown };
    await m.graph.webhooksSettled(); // WhatsApp accepted it, then posted the failed status to our webhook
    expect(await read(message.id)).toMatchObject({
      status: "failed",
      failure: { code: 131047, reason: "(#131047) Re-engagement message: More than 24 hours have passed since the recipient last replied to the sender number." },
    });
    // Reported delivered afterwards (another device): it did reach the phone.
    await m.post(statusPayload({ phoneNumberId, providerMessageId: message.providerMessageId, status: "delivered" }));
    expect(await read(message.id)).toMatchObject({ status: "delivered", failure: null });
  });

  it("applies a callback that arrived before the send was recorded", async () => {
    const providerMessageId = `wamid.early-${Date.now()}`;
    const early = await m.post(statusPayload({ phoneNumberId, providerMessageId, status: "delivered", at: at(3) }));
    expect(early.status).toBe(200);
    m.graph.nextMessageId = providerMessageId;
    const message = await sendText();
    expect(message).toMatchObject({ providerMessageId, status: "delivered", deliveredAt: at(3).toISOString() });
    expect(await t.db.whatsAppStatusBacklog.count({ where: { providerMessageId } })).toBe(0);
  });

  it("ignores a callback naming another organization's message", async () => {
    const message = await sendText();
    const other = await seedOrganization(t.db, { rateLimitExempt: true });
    const otherNumber = (await m.connectSender(other)).fake.phoneNumberId;
    expect((await m.post(statusPayload({ phoneNumberId: otherNumber, providerMessageId: message.providerMessageId, status: "read" }))).status).toBe(200);
    expect((await read(message.id)).status).toBe("accepted");
  });

  it("acknowledges numbers no organization connected, without doing anything", async () => {
    const response = await m.post(statusPayload({ phoneNumberId: "123456789012345", providerMessageId: "wamid.unknown", status: "read" }));
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ received: 0 });
  });
});

describe("inbound messages", () => {
  it("a new number becomes a lead with source messaging_app, named from the profile, with the message on its timeline", async () => {
    const from = "50762223333";
    const response = await m.post(inboundTextPayload({ phoneNumberId, from, name: "Lucía Fernández Ruiz", text: "Hola, ¿sigue disponible el 4B?" }));
    expect(response.status).toBe(200);
    const lead = await t.db.lead.findFirstOrThrow({ where: { organizationId: t.org.id, phoneDigits: from } });
    expect(lead).toMatchObject({ source: "messaging_app", firstName: "Lucía", lastName: "Fernández Ruiz", phone: `+${from}` });

    const timeline = (await (await t.server.api(`/leads/${lead.id}/activities?type=social_message`, { token: t.org.key })).json()) as {
      data: { communicationDirection: string; content: string; user: { name: string } }[];
    };
    expect(timeline.data).toEqual([expect.objectContaining({ communicationDirection: "inbound", content: "Hola, ¿sigue disponible el 4B?", user: expect.objectContaining({ name: "System" }) })]);
    const events = await t.db.webhookEvent.findMany({ where: { organizationId: t.org.id, type: { in: ["lead.created", "lead.communication_logged"] } }, orderBy: { createdAt: "desc" }, take: 2 });
    expect(events.map((e) => [e.type, e.origin]).sort()).toEqual([["lead.communication_logged", "system"], ["lead.created", "system"]]);
    const logged = events.find((e) => e.type === "lead.communication_logged")!;
    expect(JSON.parse(logged.body).data.communication).toMatchObject({ direction: "inbound", channel: "whatsapp" });

    // The next message from that number lands on the same lead.
    await m.post(inboundTextPayload({ phoneNumberId, from, text: "¿Puedo visitarlo el sábado?" }));
    expect(await t.db.lead.count({ where: { organizationId: t.org.id, phoneDigits: from } })).toBe(1);
    expect(await t.db.whatsAppMessage.count({ where: { leadId: lead.id, direction: "inbound" } })).toBe(2);
  });

  it("a number matching a lead's phone (even written without the country code) is logged on that lead", async () => {
    const lead = await seedLead(t.db, t.org.id, { firstName: "Pedro", phone: "6333-4444" });
    await m.post(inboundTextPayload({ phoneNumberId, from: "50763334444", name: "Pedro", text: "Buenas" }));
    const message = await t.db.whatsAppMessage.findFirstOrThrow({ where: { contactDigits: "50763334444" } });
    expect(message.leadId).toBe(lead.id);
    expect(await t.db.lead.count({ where: { organizationId: t.org.id, phoneDigits: { endsWith: "63334444" } } })).toBe(1);
  });

  it("links earlier messages sent to the number to the lead its reply creates", async () => {
    const outbound = await sendText("+50764445555");
    expect(outbound.leadId).toBeNull();
    await m.post(inboundTextPayload({ phoneNumberId, from: "50764445555", text: "¿Quién es?" }));
    const lead = await t.db.lead.findFirstOrThrow({ where: { organizationId: t.org.id, phoneDigits: "50764445555" } });
    expect((await read(outbound.id)).leadId).toBe(lead.id);
  });

  it("a retried callback records the message once; two messages from a new number at once make one lead", async () => {
    const payload = inboundTextPayload({ phoneNumberId, from: "50765556666", text: "una vez" });
    await Promise.all([m.post(payload), m.post(payload), m.post(payload)]);
    expect(await t.db.whatsAppMessage.count({ where: { contactDigits: "50765556666" } })).toBe(1);

    const from = "50767778888";
    const responses = await Promise.all(
      ["uno", "dos", "tres", "cuatro"].map((text) => m.post(inboundTextPayload({ phoneNumberId, from, name: "Rápido", text }))),
    );
    expect(responses.map((r) => r.status)).toEqual([200, 200, 200, 200]);
    expect(await t.db.lead.count({ where: { organizationId: t.org.id, phoneDigits: from } })).toBe(1);
    const lead = await t.db.lead.findFirstOrThrow({ where: { organizationId: t.org.id, phoneDigits: from } });
    expect(await t.db.leadActivity.count({ where: { leadId: lead.id, type: "social_message" } })).toBe(4);
  });

  it("keeps the message without a lead when the plan has no room for one", async () => {
    const full = await seedOrganization(t.db, { rateLimitExempt: true, maxLeads: 1 });
    await seedLead(t.db, full.id);
    const number = (await m.connectSender(full)).fake.phoneNumberId;
    expect((await m.post(inboundTextPayload({ phoneNumberId: number, from: "50769990000", text: "hola" }))).status).toBe(200);
    const message = await t.db.whatsAppMessage.findFirstOrThrow({ where: { organizationId: full.id } });
    expect(message).toMatchObject({ leadId: null, direction: "inbound", status: "received", body: "hola" });
    expect(await t.db.lead.count({ where: { organizationId: full.id } })).toBe(1);
  });
});
