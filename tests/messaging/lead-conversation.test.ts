import { beforeAll, describe, expect, it } from "vitest";
import { rejection, sessionCaller } from "../dashboard/callers";
import { inboundTextPayload, statusPayload } from "../fakes/whatsapp-webhook";
import { seedLead, seedMember, seedOrganization } from "../support/factories";
import { useMessagingTest } from "./support/messaging-test";

/**
 * What the lead page's WhatsApp card reads and does through the dashboard
 * door: the conversation both ways with delivery states, the 24-hour window,
 * the templates to choose from, and sending as a member (not metered).
 */
const m = useMessagingTest({ organization: { rateLimitExempt: false } });
const { t } = m;
let phoneNumberId: string;
let businessAccountId: string;

beforeAll(async () => {
  const connected = await m.connectSender();
  phoneNumberId = connected.fake.phoneNumberId;
  businessAccountId = connected.fake.businessAccountId;
});

describe("the conversation on a lead", () => {
  it("shows both directions oldest first, each with its delivery state, and when free text still reaches the contact", async () => {
    const lead = await seedLead(t.db, t.org.id, { firstName: "Marta", phone: "+507 6555-0101" });
    const member = await seedMember(t.db, t.org.id, { role: "member", name: "Rosa Vendedora" });
    const caller = await sessionCaller(t.db, member.userId, t.org.id);

    const empty = await caller.messaging.conversation({ leadId: lead.id });
    expect(empty).toMatchObject({ configured: true, phone: "+50765550101", phoneProblem: null, messages: [], windowOpenUntil: null });

    await m.post(inboundTextPayload({ phoneNumberId, from: "50765550101", text: "Hola, vi el anuncio" }));
    const sent = await caller.messaging.send({ leadId: lead.id, text: "¡Hola Marta! ¿Cuándo le viene bien?" });
    expect(sent).toMatchObject({ status: "accepted", sentBy: "Rosa Vendedora", leadId: lead.id });
    await m.post(statusPayload({ phoneNumberId, providerMessageId: sent.providerMessageId, status: "delivered" }));

    const conversation = await caller.messaging.conversation({ leadId: lead.id });
    expect(conversation.messages.map((message) => [message.direction, message.status, message.text])).toEqual([
      ["inbound", "received", "Hola, vi el anuncio"],
      ["outbound", "delivered", "¡Hola Marta! ¿Cuándo le viene bien?"],
    ]);
    expect(Date.parse(conversation.windowOpenUntil ?? "")).toBeGreaterThan(Date.now() + 23 * 3600_000);

    // The dashboard is not metered: no unit of the monthly quota was spent.
    expect(await t.db.monthlyUsage.count({ where: { organizationId: t.org.id } })).toBe(0);
  });

  it("says what is wrong with the lead's phone", async () => {
    const owner = await sessionCaller(t.db, t.org.ownerId, t.org.id);
    const none = await seedLead(t.db, t.org.id, { email: "sin-telefono@example.test" });
    const local = await seedLead(t.db, t.org.id, { phone: "6555-0102" });
    expect(await owner.messaging.conversation({ leadId: none.id })).toMatchObject({ phone: null, phoneProblem: "missing" });
    expect(await owner.messaging.conversation({ leadId: local.id })).toMatchObject({ phone: null, phoneProblem: "not_international" });
  });

  it("is another organization's lead: not found", async () => {
    const other = await seedOrganization(t.db, { rateLimitExempt: true });
    const lead = await seedLead(t.db, other.id, { phone: "+50765550103" });
    const owner = await sessionCaller(t.db, t.org.ownerId, t.org.id);
    expect(await rejection(owner.messaging.conversation({ leadId: lead.id }))).toMatchObject({ status: 404, code: "NOT_FOUND" });
  });
});

describe("templates", () => {
  it("lists the sender's approved templates with their body and parameter count", async () => {
    const owner = await sessionCaller(t.db, t.org.ownerId, t.org.id);
    m.graph.setTemplates(businessAccountId, [
      { name: "visita_confirmada", language: "es", category: "UTILITY", status: "APPROVED", body: "Hola {{1}}, tu visita a {{2}} está confirmada." },
      { name: "bienvenida", language: "es", category: "MARKETING", status: "APPROVED", body: "Hola {{1}}, gracias por escribirnos. {{1}}" },
      { name: "en_revision", language: "es", category: "MARKETING", status: "PENDING", body: "x" },
    ]);
    expect((await owner.messaging.templates({})).data).toEqual([
      { name: "bienvenida", language: "es", category: "MARKETING", body: "Hola {{1}}, gracias por escribirnos. {{1}}", parameterCount: 1 },
      { name: "visita_confirmada", language: "es", category: "UTILITY", body: "Hola {{1}}, tu visita a {{2}} está confirmada.", parameterCount: 2 },
    ]);
  });
});
