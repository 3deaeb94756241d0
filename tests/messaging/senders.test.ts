import { afterEach, describe, expect, it } from "vitest";
import { decryptSecret } from "../../server/crypto/secret-box";
import { rejection, sessionCaller } from "../dashboard/callers";
import { seedApiKey, seedMember, seedOrganization } from "../support/factories";
import { loseUniqueRace } from "../support/lose-unique-race";
import { configureWhatsApp, unconfigureWhatsApp, useMessagingTest } from "./support/messaging-test";

/**
 * Settings → Messaging: connecting a WhatsApp Business number (checked with
 * WhatsApp first, token encrypted at rest), reconnecting, disconnecting, and
 * the API's list of senders.
 */
const m = useMessagingTest();
const { t } = m;

afterEach(() => configureWhatsApp(m.graph.baseUrl));

describe("connecting a sender", () => {
  it("verifies the number with WhatsApp, shows its display number and verified name, and subscribes the app to the account", async () => {
    const fake = m.graph.addSender({ displayPhoneNumber: "+507 6000-0001", verifiedName: "Torre Azul Ventas" });
    const owner = await sessionCaller(t.db, t.org.ownerId, t.org.id);
    const sender = await owner.messaging.connectSender({
      label: "Ventas",
      phoneNumberId: fake.phoneNumberId,
      businessAccountId: fake.businessAccountId,
      accessToken: fake.accessToken,
    });
    expect(sender).toMatchObject({
      label: "Ventas",
      displayPhoneNumber: "+507 6000-0001",
      verifiedName: "Torre Azul Ventas",
      status: "connected",
      phoneNumberId: fake.phoneNumberId,
      businessAccountId: fake.businessAccountId,
    });
    expect(JSON.stringify(sender)).not.toContain(fake.accessToken);
    expect(m.graph.requests.map((r) => `${r.method} ${r.path.split("?")[0]}`)).toEqual(
      expect.arrayContaining([
        `GET /v24.0/${fake.phoneNumberId}`,
        `GET /v24.0/${fake.businessAccountId}/phone_numbers`,
        `POST /v24.0/${fake.businessAccountId}/subscribed_apps`,
      ]),
    );

    // The token is encrypted at rest and still readable by the server.
    const row = await t.db.whatsAppSender.findUniqueOrThrow({ where: { id: sender.id } });
    expect(row.accessTokenCiphertext).not.toContain(fake.accessToken);
    expect(decryptSecret(row.accessTokenCiphertext)).toBe(fake.accessToken);

    const settings = await owner.messaging.settings();
    expect(settings.configured).toBe(true);
    expect(settings.senders.map((s) => s.id)).toContain(sender.id);
  });

  it("names the field WhatsApp refused: the token, the number, the account", async () => {
    const fake = m.graph.addSender();
    // A second account the same token manages: reachable, but the number is not in it.
    const other = m.graph.addSender({ accessToken: fake.accessToken });
    const stranger = m.graph.addSender();
    const owner = await sessionCaller(t.db, t.org.ownerId, t.org.id);
    const base = { label: "Sales", phoneNumberId: fake.phoneNumberId, businessAccountId: fake.businessAccountId, accessToken: fake.accessToken };

    const badToken = await rejection(owner.messaging.connectSender({ ...base, accessToken: "EAAGnot-the-right-token-at-all" }));
    expect(badToken).toMatchObject({ status: 400, code: "VALIDATION_ERROR" });
    expect(badToken.message).toMatch(/^accessToken: WhatsApp refused this access token: \(#190\)/);

    const unknownNumber = await rejection(owner.messaging.connectSender({ ...base, phoneNumberId: "999999999999999" }));
    expect(unknownNumber.code).toBe("VALIDATION_ERROR");
    expect(unknownNumber.message).toMatch(/^phoneNumberId: \(#100\) Unsupported get request/);

    const wrongAccount = await rejection(owner.messaging.connectSender({ ...base, businessAccountId: other.businessAccountId }));
    expect(wrongAccount.code).toBe("VALIDATION_ERROR");
    expect(wrongAccount.message).toMatch(/^businessAccountId: /);

    const foreignAccount = await rejection(owner.messaging.connectSender({ ...base, businessAccountId: stranger.businessAccountId }));
    expect(foreignAccount.message).toMatch(/^businessAccountId: \(#100\)/);

    const malformed = await rejection(owner.messaging.connectSender({ ...base, phoneNumberId: "12ab", label: "" }));
    expect(malformed.fields).toMatchObject({ phoneNumberId: expect.stringContaining("digits only"), label: expect.any(String) });

    expect(await t.db.whatsAppSender.count({ where: { phoneNumberId: fake.phoneNumberId } })).toBe(0);
  });

  it("is for owners and admins only", async () => {
    const fake = m.graph.addSender();
    const member = await seedMember(t.db, t.org.id, { role: "member" });
    const caller = await sessionCaller(t.db, member.userId, t.org.id);
    const refused = await rejection(
      caller.messaging.connectSender({ label: "x", phoneNumberId: fake.phoneNumberId, businessAccountId: fake.businessAccountId, accessToken: fake.accessToken }),
    );
    expect(refused.status).toBe(403);
    expect((await rejection(caller.messaging.settings())).status).toBe(403);
  });

  it("refuses a number another organization has connected (its callbacks can only belong to one)", async () => {
    const { fake } = await m.connectSender();
    const other = await seedOrganization(t.db, { rateLimitExempt: true });
    const stranger = await sessionCaller(t.db, other.ownerId, other.id);
    const refused = await rejection(
      stranger.messaging.connectSender({ label: "Mine", phoneNumberId: fake.phoneNumberId, businessAccountId: fake.businessAccountId, accessToken: fake.accessToken }),
    );
    expect(refused).toMatchObject({ status: 409, code: "CONFLICT" });
  });

  it("two organizations connecting one number at once: the loser hears the same 409 and stores nothing", async () => {
    const fake = m.graph.addSender({ displayPhoneNumber: "+507 6000-0099", verifiedName: "Carrera" });
    const other = await seedOrganization(t.db, { rateLimitExempt: true });
    const rival = {
      sql:
        `INSERT INTO "WhatsAppSender" (id, "organizationId", label, "phoneNumberId", "businessAccountId", "displayPhoneNumber", ` +
        `"verifiedName", "accessTokenCiphertext", "updatedAt") VALUES (gen_random_uuid(), $1, 'Rival', $2, $3, 'x', 'x', 'x', now())`,
      params: [other.id, fake.phoneNumberId, fake.businessAccountId],
    };
    const owner = await sessionCaller(t.db, t.org.ownerId, t.org.id);
    const connect = { label: "Mine", phoneNumberId: fake.phoneNumberId, businessAccountId: fake.businessAccountId, accessToken: fake.accessToken };
    const lost = await loseUniqueRace(t.databaseUrl, rival, () => rejection(owner.messaging.connectSender(connect)));
    // What the check before the write answers once the other organization's sender is there.
    const taken = await rejection(owner.messaging.connectSender(connect));
    expect(taken).toMatchObject({ status: 409, code: "CONFLICT" });
    expect(lost).toEqual(taken);
    expect(await t.db.whatsAppSender.count({ where: { organizationId: t.org.id, phoneNumberId: fake.phoneNumberId } })).toBe(0);
  });

  it("says WhatsApp is not configured on the server instead of pretending", async () => {
    unconfigureWhatsApp();
    const fake = m.graph.addSender();
    const owner = await sessionCaller(t.db, t.org.ownerId, t.org.id);
    const refused = await rejection(
      owner.messaging.connectSender({ label: "x", phoneNumberId: fake.phoneNumberId, businessAccountId: fake.businessAccountId, accessToken: fake.accessToken }),
    );
    expect(refused).toMatchObject({ status: 400, code: "BAD_REQUEST" });
    expect(refused.message).toContain("WHATSAPP_APP_SECRET");
    expect((await owner.messaging.settings()).configured).toBe(false);
  });
});

describe("reconnecting and disconnecting", () => {
  it("reconnecting a number replaces its token and clears reconnect_required; disconnecting keeps the conversation", async () => {
    const { fake, sender } = await m.connectSender();
    await t.db.whatsAppSender.update({ where: { id: sender.id }, data: { status: "reconnect_required", statusReason: "(#190) expired" } });
    const owner = await sessionCaller(t.db, t.org.ownerId, t.org.id);
    const again = await owner.messaging.connectSender({
      label: "Sales (new token)",
      phoneNumberId: fake.phoneNumberId,
      businessAccountId: fake.businessAccountId,
      accessToken: fake.accessToken,
    });
    expect(again).toMatchObject({ id: sender.id, status: "connected", statusReason: null, label: "Sales (new token)" });

    const sent = await t.server.api("/whatsapp/send", { token: t.org.key, method: "POST", json: { senderId: sender.id, to: "+50760001234", template: { name: "hello_world", language: "en_US" } } });
    const message = (await sent.json()) as { id: string };
    expect(sent.status).toBe(201);

    const other = await seedOrganization(t.db, { rateLimitExempt: true });
    expect((await rejection((await sessionCaller(t.db, other.ownerId, other.id)).messaging.disconnectSender({ id: sender.id }))).status).toBe(404);
    expect(await owner.messaging.disconnectSender({ id: sender.id })).toEqual({ id: sender.id, deleted: true });
    expect(await t.db.whatsAppSender.count({ where: { id: sender.id } })).toBe(0);
    const kept = await t.server.api(`/whatsapp/messages/${message.id}`, { token: t.org.key });
    expect(kept.status).toBe(200);
    expect(await kept.json()).toMatchObject({ senderId: null, text: "Template hello_world (en_US)" });
    expect((await rejection(owner.messaging.disconnectSender({ id: sender.id }))).status).toBe(404);
  });
});

describe("GET /whatsapp/senders", () => {
  it("lists the organization's senders (id, label, display number, verified name, status) with the messaging:send scope", async () => {
    const org = await seedOrganization(t.db, { rateLimitExempt: true });
    const { sender } = await m.connectSender(org);
    const response = await t.server.api("/whatsapp/senders", { token: org.key });
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({
      data: [{ id: sender.id, label: "Sales", displayPhoneNumber: sender.displayPhoneNumber, verifiedName: "Casa Azul Realty", status: "connected" }],
    });

    const { key } = await seedApiKey(t.db, org.id, { scopes: ["leads:read"] });
    const refused = await t.server.api("/whatsapp/senders", { token: key });
    expect(refused.status).toBe(403);
    expect(((await refused.json()) as { error: { message: string } }).error.message).toContain("messaging:send");
  });
});
