import { readFileSync } from "node:fs";
import https from "node:https";
import type { AddressInfo } from "node:net";
import { Readable } from "node:stream";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { calendarSyncJob, syncDueCalendars } from "../../server/calendar/sync/calendar-sync-job";
import { handleCalendarPush } from "../../server/calendar/sync/push-notification";
import { EmbeddedDriver } from "../../server/jobs/embedded/embedded-driver";
import { seedLead, seedMember } from "../support/factories";
import { createManualClock } from "../webhooks/support/manual-clock";
import { createTestCertificates, type TestCertificates } from "../webhooks/support/tls-fixture";
import { useCalendarTest } from "./support/calendar-test";
import { config, configureForTests } from "../../server/config/config";

/**
 * Two-way calendar over real HTTP: a member moves, edits or deletes in Google
 * Calendar a meeting scheduled through inmo, and the lead's timeline follows —
 * by the scheduled sync (sync token, full resync on 410) and, where the app
 * has an HTTPS address, by Google's push channel (the fake POSTs to a real
 * TLS receiver serving the app's notification handler).
 */
let certificates: TestCertificates;
let receiver: https.Server;
const c = useCalendarTest({ organization: { timezone: "UTC" } });
const { t } = c;
type Body = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any

beforeAll(async () => {
  certificates = createTestCertificates();
  receiver = https.createServer({ key: certificates.key, cert: certificates.cert }, async (req, res) => {
    const headers = new Headers();
    for (const [name, value] of Object.entries(req.headers)) if (typeof value === "string") headers.set(name, value);
    const response = await handleCalendarPush(
      new Request(`https://localhost${req.url}`, { method: req.method, headers, body: Readable.toWeb(req) as ReadableStream, duplex: "half" } as RequestInit),
    );
    res.statusCode = response.status;
    res.end();
  });
  await new Promise<void>((resolve) => receiver.listen(0, "127.0.0.1", resolve));
});

afterAll(async () => {
  configureForTests({ GOOGLE_CALENDAR_PUSH_URL: undefined });
  await new Promise<void>((resolve) => receiver.close(() => resolve()));
  certificates.remove();
});

async function schedule(memberId: string, leadId: string, startAt: string) {
  const response = await t.server.api("/calendar/events", {
    token: t.org.key,
    method: "POST",
    json: { userId: memberId, leadId, startAt, durationMinutes: 60, description: "Primera visita" },
  });
  expect(response.status).toBe(201);
  return (await response.json()) as Body;
}

async function meetingOnTimeline(leadId: string) {
  const response = await t.server.api(`/leads/${leadId}/activities?limit=20`, { token: t.org.key });
  const body = (await response.json()) as Body;
  return (body.data as Body[]).find((a) => a.type === "meeting")!;
}

describe("the scheduled sync (no HTTPS address: no push channel)", () => {
  it("a meeting moved, edited and then cancelled in Google shows so on the lead's timeline", async () => {
    const { userId } = await seedMember(t.db, t.org.id);
    await c.connect(userId, "mover@gmail.test");
    await syncDueCalendars(t.db, () => new Date()); // the first, full sync takes the sync token
    const lead = await seedLead(t.db, t.org.id, { firstName: "Rosa", email: "rosa@example.com" });
    const { event } = await schedule(userId, lead.id, "2030-05-02T10:00");
    expect((await meetingOnTimeline(lead.id)).createdAt).toBe("2030-05-02T10:00:00.000Z");

    c.google.changeEvent("mover@gmail.test", event.id, {
      start: { dateTime: "2030-05-03T15:30:00Z" },
      end: { dateTime: "2030-05-03T16:30:00Z" },
      description: "Cambió a la tarde",
    });
    await syncDueCalendars(t.db, () => new Date());
    const moved = await meetingOnTimeline(lead.id);
    expect(moved.createdAt).toBe("2030-05-03T15:30:00.000Z");
    expect(moved.content).toBe("Cambió a la tarde");
    const listed = c.google.requests.filter((r) => r.path.startsWith("/calendar/v3/calendars/primary/events?") && r.path.includes("syncToken="));
    expect(listed.length).toBeGreaterThan(0); // incremental, not a full listing

    c.google.cancelEvent("mover@gmail.test", event.id);
    await syncDueCalendars(t.db, () => new Date());
    expect((await meetingOnTimeline(lead.id)).changes).toEqual({ meeting: { from: "scheduled", to: "cancelled" } });
    const link = await t.db.calendarEventLink.findFirst({ where: { externalEventId: event.id } });
    expect(link!.cancelledAt).not.toBeNull();
  });

  it("a sync token Google invalidated (410 fullSyncRequired) leads to a full sync that still catches the change", async () => {
    const { userId } = await seedMember(t.db, t.org.id);
    await c.connect(userId, "expired@gmail.test");
    await syncDueCalendars(t.db, () => new Date());
    const lead = await seedLead(t.db, t.org.id, { firstName: "Iván" });
    const { event } = await schedule(userId, lead.id, "2030-06-01T09:00");
    await syncDueCalendars(t.db, () => new Date());
    c.google.expireSyncTokens("expired@gmail.test");
    c.google.changeEvent("expired@gmail.test", event.id, { start: { dateTime: "2030-06-02T09:00:00Z" }, end: { dateTime: "2030-06-02T10:00:00Z" } });
    const before = c.google.requests.length;
    await syncDueCalendars(t.db, () => new Date());
    const calls = c.google.requests.slice(before).map((r) => r.path);
    expect(calls.some((p) => p.includes("syncToken="))).toBe(true);
    expect(calls.some((p) => p.includes("showDeleted=true") && !p.includes("syncToken="))).toBe(true);
    expect((await meetingOnTimeline(lead.id)).createdAt).toBe("2030-06-02T09:00:00.000Z");
  });
});

describe("push channels (the app has an HTTPS address)", () => {
  it("opens a channel, follows a change within the push's sync run, refuses a forged token and renews the channel before it ends", async () => {
    configureForTests({ GOOGLE_CALENDAR_PUSH_URL: `https://localhost:${(receiver.address() as AddressInfo).port}/api/integrations/google/calendar/notifications` });
    c.google.trustCa = readFileSync(certificates.caFile, "utf8");
    const manual = createManualClock();
    const driver = new EmbeddedDriver({ db: t.db, clock: manual.clock, jobs: [calendarSyncJob] });
    const { userId } = await seedMember(t.db, t.org.id);
    await c.connect(userId, "pushed@gmail.test");
    await driver.runScheduled(); // full sync, channel opened, Google's "sync" message answered
    await c.google.notificationsSettled();
    const channel = c.google.channels.find((ch) => ch.account === "pushed@gmail.test")!;
    expect(channel.address).toBe(config().GOOGLE_CALENDAR_PUSH_URL);
    expect(c.google.notifications.filter((n) => n.channelId === channel.id)).toEqual([{ channelId: channel.id, state: "sync", status: 200 }]);

    const lead = await seedLead(t.db, t.org.id, { firstName: "Pia" });
    const { event } = await schedule(userId, lead.id, "2030-07-01T11:00");
    await c.google.notificationsSettled();
    await driver.runScheduled();
    c.google.changeEvent("pushed@gmail.test", event.id, { start: { dateTime: "2030-07-01T17:00:00Z" }, end: { dateTime: "2030-07-01T18:00:00Z" } });
    await c.google.notificationsSettled();
    const connection = await t.db.calendarConnection.findFirst({ where: { userId } });
    expect(connection!.syncRequestedAt).not.toBeNull(); // the push asked for a sync, and made the job due now
    expect(await driver.runScheduled()).toContain("calendar-sync");
    expect((await meetingOnTimeline(lead.id)).createdAt).toBe("2030-07-01T17:00:00.000Z");

    // A notification with the right channel but another token is refused, and asks for nothing.
    const refused = await handleCalendarPush(
      new Request("https://localhost/x", {
        method: "POST",
        headers: { "X-Goog-Channel-ID": channel.id, "X-Goog-Channel-Token": "guessed", "X-Goog-Resource-ID": channel.resourceId, "X-Goog-Resource-State": "exists" },
      }),
    );
    expect(refused.status).toBe(401);
    expect((await t.db.calendarConnection.findFirst({ where: { userId } }))!.syncRequestedAt).toBeNull();

    // Six and a half days later the channel ends within a day: a new one replaces it and the old one is stopped.
    manual.advance(6.5 * 24 * 3_600_000);
    await driver.runScheduled();
    await c.google.notificationsSettled();
    const renewed = await t.db.calendarConnection.findFirst({ where: { userId } });
    expect(renewed!.channelId).not.toBe(channel.id);
    expect(channel.stopped).toBe(true);
    expect(c.google.channels.find((ch) => ch.id === renewed!.channelId)!.stopped).toBe(false);
  });
});
