import { describe, expect, it } from "vitest";
import { canonicalPhone, toE164, whatsAppIdsOf } from "../../server/phones/phone-number";
import { sessionCaller, rejection } from "../dashboard/callers";
import { seedOrganization } from "../support/factories";
import { useMessagingTest } from "./support/messaging-test";

/**
 * Phone numbers as the region writes them (libphonenumber-js with the
 * organization's default country), and the WhatsApp ids of Mexican and
 * Argentine mobiles, which keep the legacy `1` / `9`: an inbound message from
 * a number first entered nationally lands on that lead instead of making a
 * second one.
 */
const m = useMessagingTest();
const { t } = m;

describe("reading numbers", () => {
  it("reads national numbers in the default country, international ones on their own", () => {
    expect(toE164("55 1234 5678", "MX")).toBe("+525512345678");
    expect(toE164("011 15 2345-6789", "AR")).toBe("+5491123456789");
    expect(toE164("6000-1234", "PA")).toBe("+50760001234");
    expect(toE164("+507 6000-1234")).toBe("+50760001234");
    expect(toE164("00507 6000 1234", "MX")).toBe("+50760001234");
    expect(toE164("55 1234 5678")).toBeNull(); // no default country: not a number we can dial
    expect(toE164("123", "MX")).toBeNull();
  });

  it("gives one comparable form to a line and to its WhatsApp id (+52 1 and +54 9 mobiles)", () => {
    const mexico = canonicalPhone("55 1234 5678", "MX");
    expect(canonicalPhone("+52 1 55 1234 5678")).toBe(mexico);
    expect(canonicalPhone("+5215512345678")).toBe(mexico);
    const argentina = canonicalPhone("11 2345-6789", "AR");
    expect(canonicalPhone("011 15 2345-6789", "AR")).toBe(argentina);
    expect(canonicalPhone("+54 9 11 2345 6789")).toBe(argentina);
    expect(whatsAppIdsOf("+525512345678").sort()).toEqual(["525512345678", "5215512345678"].sort());
    // Other countries keep every digit.
    expect(canonicalPhone("+1 415 555 0100")).toBe("+14155550100");
  });
});

async function createLead(key: string, phone: string, firstName: string) {
  const response = await t.server.api("/leads", { token: key, method: "POST", json: { firstName, phone } });
  expect(response.status).toBe(201);
  return (await response.json()) as { id: string; phone: string };
}

describe("an inbound WhatsApp message finds the lead whatever form its number was entered in", () => {
  it("Mexico: a lead entered as `55 1234 5678` gets the message from wa_id 5215512345678, no duplicate", async () => {
    const org = await seedOrganization(t.db, { rateLimitExempt: true });
    const owner = await sessionCaller(t.db, org.ownerId, org.id);
    const settings = await owner.settings.organization.get();
    await owner.settings.organization.update({ name: settings.name, timezone: settings.timezone, locale: settings.locale, defaultCountry: "mx" });
    expect((await owner.settings.organization.get()).defaultCountry).toBe("MX");
    const lead = await createLead(org.key, "55 1234 5678", "Marisol");
    expect(lead.phone).toBe("55 1234 5678"); // stored as written (contract: formatting kept)

    const { fake } = await m.connectSender(org);
    await m.contactWrites(fake, "5215512345678", "Hola, vi el depa en Polanco");
    expect(await t.db.lead.count({ where: { organizationId: org.id } })).toBe(1);
    const message = await t.db.whatsAppMessage.findFirstOrThrow({ where: { organizationId: org.id, direction: "inbound" } });
    expect(message.leadId).toBe(lead.id);

    // The free text that follows goes to the same contact, inside the window their message opened.
    const reply = await t.server.api("/whatsapp/send", { token: org.key, method: "POST", json: { leadId: lead.id, text: "¡Hola Marisol! ¿Cuándo le queda bien?" } });
    expect(reply.status).toBe(201);
    expect(m.graph.sends.at(-1)!.to).toBe("525512345678");
  });

  it("Argentina: a lead entered as `11 2345-6789` gets the message from wa_id 5491123456789", async () => {
    const org = await seedOrganization(t.db, { rateLimitExempt: true });
    const owner = await sessionCaller(t.db, org.ownerId, org.id);
    const settings = await owner.settings.organization.get();
    await owner.settings.organization.update({ name: settings.name, timezone: settings.timezone, locale: settings.locale, defaultCountry: "AR" });
    const lead = await createLead(org.key, "11 2345-6789", "Tomás");
    const { fake } = await m.connectSender(org);
    await m.contactWrites(fake, "5491123456789");
    expect(await t.db.lead.count({ where: { organizationId: org.id } })).toBe(1);
    expect((await t.db.whatsAppMessage.findFirstOrThrow({ where: { organizationId: org.id } })).leadId).toBe(lead.id);
  });

  it("a default country set later reads the national numbers already stored; an unknown country is refused", async () => {
    const org = await seedOrganization(t.db, { rateLimitExempt: true });
    const lead = await createLead(org.key, "55 8765 4321", "Iker");
    expect((await t.db.lead.findUniqueOrThrow({ where: { id: lead.id } })).phoneE164).toBeNull();
    const owner = await sessionCaller(t.db, org.ownerId, org.id);
    const settings = await owner.settings.organization.get();
    const refused = await rejection(owner.settings.organization.update({ name: settings.name, timezone: null, locale: "es", defaultCountry: "XX" }));
    expect(refused.status).toBe(400);
    await owner.settings.organization.update({ name: settings.name, timezone: null, locale: "es", defaultCountry: "MX" });
    expect((await t.db.lead.findUniqueOrThrow({ where: { id: lead.id } })).phoneE164).toBe("+525587654321");
    const { fake } = await m.connectSender(org);
    await m.contactWrites(fake, "5215587654321");
    expect(await t.db.lead.count({ where: { organizationId: org.id } })).toBe(1);
  });
});
