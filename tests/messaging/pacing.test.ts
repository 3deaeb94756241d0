import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { PAIR_BURST, PAIR_INTERVAL_MS, usePacingClock, type PacingClock } from "../../server/messaging/send/send-pacing";
import { META_LIMITS, startFakeGraph, type FakeGraph } from "../fakes/whatsapp-graph";
import { APP_SECRET, configureWhatsApp, useMessagingTest } from "./support/messaging-test";

/**
 * Sends paced under Meta's published limits — 80 messages/s per number, 1
 * message every 6 s to one contact with bursts of 45 — checked by the fake
 * WhatsApp on the same virtual clock as our pacing (time moves only when a
 * send waits for its slot), so no result depends on how fast this machine is.
 */
const m = useMessagingTest();
const { t } = m;
let virtualNow = Date.parse("2030-01-01T00:00:00Z");
const clock: PacingClock = {
  now: () => virtualNow,
  sleep: async (ms) => {
    virtualNow += ms;
  },
};
let paced: FakeGraph;

beforeAll(async () => {
  // A fake on the virtual clock, in place of the file's default one.
  paced = await startFakeGraph({ clock: () => virtualNow });
  paced.webhook = { url: `${t.server.baseUrl}/api/integrations/whatsapp/webhook`, appSecret: APP_SECRET };
  configureWhatsApp(paced.baseUrl);
  usePacingClock(clock);
});

afterAll(async () => {
  usePacingClock(null);
  await paced.close();
});

const HELLO = { name: "hello_world", language: "en_US" };
/** Hundreds of real HTTP sends one after another: a backstop for a loaded machine, not a speed bound (time here is virtual). */
const MANY_SENDS = { timeout: 300_000 };

async function connect() {
  const fake = paced.addSender();
  const { sessionCaller } = await import("../dashboard/callers");
  const owner = await sessionCaller(t.db, t.org.ownerId, t.org.id);
  const sender = await owner.messaging.connectSender({ label: "Campaña", phoneNumberId: fake.phoneNumberId, businessAccountId: fake.businessAccountId, accessToken: fake.accessToken });
  return { fake, sender };
}

async function send(senderId: string, to: string) {
  const response = await t.server.api("/whatsapp/send", { token: t.org.key, method: "POST", json: { senderId, to, template: HELLO } });
  return response.status;
}

describe("the fake holds Meta's limits", () => {
  it("refuses the 81st message of one second from one number (130429) and the 46th burst message to one contact (131056)", async () => {
    const fake = paced.addSender();
    const direct = (to: string) =>
      fetch(`${paced.baseUrl}/v24.0/${fake.phoneNumberId}/messages`, {
        method: "POST",
        headers: { Authorization: `Bearer ${fake.accessToken}`, "Content-Type": "application/json" },
        body: JSON.stringify({ messaging_product: "whatsapp", to, type: "template", template: { name: "hello_world", language: { code: "en_US" } } }),
      });
    const codes: number[] = [];
    for (let i = 0; i < META_LIMITS.throughputPerSecond + 1; i++) {
      const response = await direct(`50761${String(i).padStart(3, "0")}111`);
      codes.push(response.status === 200 ? 0 : (((await response.json()) as { error: { code: number } }).error.code));
    }
    expect(codes.slice(0, 80).every((code) => code === 0)).toBe(true);
    expect(codes[80]).toBe(130429);

    virtualNow += 10_000;
    const pair: number[] = [];
    for (let i = 0; i < PAIR_BURST + 1; i++) {
      virtualNow += 13; // slower than the number's throughput, faster than the pair rate
      const response = await direct("50769990001");
      pair.push(response.status === 200 ? 0 : (((await response.json()) as { error: { code: number } }).error.code));
    }
    expect(pair.slice(0, 45).every((code) => code === 0)).toBe(true);
    expect(pair[45]).toBe(131056);
  });
});

describe("our sends are paced under both limits", () => {
  it("200 messages through one number to 200 contacts: all accepted, none refused for pacing, at most 80 in any second", MANY_SENDS, async () => {
    virtualNow += 60_000;
    const { sender } = await connect();
    const before = paced.refusals.length;
    const started = virtualNow;
    const statuses: number[] = [];
    for (let i = 0; i < 200; i++) statuses.push(await send(sender.id, `+50762${String(i).padStart(3, "0")}111`)); // no scenario suffix
    expect(statuses.filter((s) => s !== 201)).toEqual([]);
    expect(paced.refusals.slice(before)).toEqual([]);
    // Paced, not merely lucky: 200 sends at 80/s take at least 2.4875 s of (virtual) time.
    expect(virtualNow - started).toBeGreaterThanOrEqual(199 * (1000 / 80));
  });

  it("60 messages to one contact: a burst of 45, then one every 6 s; none refused", MANY_SENDS, async () => {
    virtualNow += 60_000;
    const { sender } = await connect();
    const before = paced.refusals.length;
    const started = virtualNow;
    const statuses: number[] = [];
    for (let i = 0; i < 60; i++) statuses.push(await send(sender.id, "+50763000001"));
    expect(statuses.filter((s) => s !== 201)).toEqual([]);
    expect(paced.refusals.slice(before)).toEqual([]);
    expect(virtualNow - started).toBeGreaterThanOrEqual((60 - PAIR_BURST) * PAIR_INTERVAL_MS);
  });

  it("a send whose slot is further than 10 s away is not taken: 503 with the exact wait, nothing sent", async () => {
    virtualNow += 600_000;
    const { sender } = await connect();
    // Another instance reserved the contact's burst a moment ago (the schedule lives in the database, shared).
    await t.db.whatsAppPairPace.create({ data: { senderId: sender.id, contactDigits: "50763000002", tat: new Date(virtualNow + 45 * PAIR_INTERVAL_MS + 12_000) } });
    const sends = paced.sends.length;
    const response = await t.server.api("/whatsapp/send", { token: t.org.key, method: "POST", json: { senderId: sender.id, to: "+50763000002", template: HELLO } });
    expect(response.status).toBe(503);
    expect(response.headers.get("retry-after")).toBe("18");
    expect(paced.sends.length).toBe(sends);
  });
});
