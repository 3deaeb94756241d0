import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { clearTestConfiguration, configureForTests } from "../../server/config/config";
import { inboundTextPayload } from "../fakes/whatsapp-webhook";
import { callTrpc, sessionCookie } from "../security/support/dashboard-session";
import { seedMember } from "../support/factories";
import { useMessagingTest } from "./support/messaging-test";

/**
 * Second audit, L10: numbers an organization never heard from make at most
 * WHATSAPP_NEW_LEADS_PER_HOUR leads an hour; past that their messages are
 * kept without a lead, listed in Settings → Messaging as conversations
 * waiting for a lead, where a manager makes a lead of one. Known numbers are
 * never held back. Driven through Meta's signed webhook and the dashboard door.
 */
const m = useMessagingTest();
const { t } = m;
let phoneNumberId: string;
let ownerCookie: string;

beforeAll(async () => {
  configureForTests({ WHATSAPP_NEW_LEADS_PER_HOUR: 2 });
  phoneNumberId = (await m.connectSender()).fake.phoneNumberId;
  ownerCookie = await sessionCookie({ userId: t.org.ownerId, organizationId: t.org.id });
});
afterAll(() => clearTestConfiguration("WHATSAPP_NEW_LEADS_PER_HOUR"));

/** Provider timestamps are whole seconds: each message a second after the one before, so "last" is unambiguous. */
const START = Math.floor(Date.now() / 1000) - 60;
let sent = 0;

async function writes(from: string, text: string) {
  const at = new Date((START + sent++) * 1000);
  const response = await m.post(inboundTextPayload({ phoneNumberId, from, text, name: "Spam Bot", at }));
  expect(response.status).toBe(200);
}

async function dashboard<T>(procedure: string, options: { cookie?: string; input?: unknown; mutation?: boolean } = {}) {
  const response = await callTrpc(t.server, procedure, { cookie: ownerCookie, ...options });
  const body = (await response.json()) as { result?: { data: T } };
  return { status: response.status, data: body.result?.data as T };
}

type Unmatched = { data: { contactDigits: string; phone: string; messages: number; lastText: string }[] };

describe("leads from unknown numbers (L10)", () => {
  it("makes the budget's worth of leads an hour; later new numbers wait as conversations without a lead", async () => {
    await writes("50760000001", "one");
    await writes("50760000002", "two");
    await writes("50760000003", "three");
    await writes("50760000003", "three again");
    const leads = await t.db.lead.findMany({ where: { organizationId: t.org.id, source: "messaging_app" }, select: { phoneDigits: true } });
    expect(leads.map((lead) => lead.phoneDigits).sort()).toEqual(["50760000001", "50760000002"]);
    const waiting = await t.db.whatsAppMessage.findMany({ where: { organizationId: t.org.id, contactDigits: "50760000003" } });
    expect(waiting.map((message) => message.leadId)).toEqual([null, null]);

    // A number that already has a lead is never held back.
    await writes("50760000001", "one again");
    expect(await t.db.whatsAppMessage.count({ where: { organizationId: t.org.id, contactDigits: "50760000001", leadId: null } })).toBe(0);

    const unmatched = await dashboard<Unmatched>("messaging.unmatched");
    expect(unmatched.status).toBe(200);
    expect(unmatched.data.data).toEqual([{ contactDigits: "50760000003", phone: "+50760000003", messages: 2, lastMessageAt: expect.any(String), lastText: "three again" }]);
  });

  it("a manager makes a lead of a waiting conversation; its messages join it; a member may not", async () => {
    const member = await seedMember(t.db, t.org.id);
    const memberCookie = await sessionCookie({ userId: member.userId, organizationId: t.org.id });
    expect((await dashboard("messaging.unmatched", { cookie: memberCookie })).status).toBe(403);
    expect((await dashboard("messaging.createLeadFromUnmatched", { cookie: memberCookie, mutation: true, input: { contactDigits: "50760000003" } })).status).toBe(403);

    const created = await dashboard<{ leadId: string; messages: number }>("messaging.createLeadFromUnmatched", { mutation: true, input: { contactDigits: "50760000003" } });
    expect(created.status).toBe(200);
    expect(created.data.messages).toBe(2);
    const lead = await t.db.lead.findUniqueOrThrow({ where: { id: created.data.leadId } });
    expect(lead).toMatchObject({ organizationId: t.org.id, phoneDigits: "50760000003", source: "messaging_app" });
    expect(await t.db.whatsAppMessage.count({ where: { organizationId: t.org.id, contactDigits: "50760000003", leadId: lead.id } })).toBe(2);
    expect((await dashboard<Unmatched>("messaging.unmatched")).data.data).toEqual([]);
    // Nothing waiting for that number any more: 404.
    expect((await dashboard("messaging.createLeadFromUnmatched", { mutation: true, input: { contactDigits: "50760000003" } })).status).toBe(404);
  });
});
