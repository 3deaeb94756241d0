import http from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { configureForTests } from "../../server/config/config";
import { sendWebResponse, webRequestOf } from "../../server/http/node-adapter";
import { notificationStream } from "../../server/notifications/live-stream";
import { leadsApi } from "../leads/helpers";
import { sessionCookie } from "../security/support/dashboard-session";
import { useApiTest } from "../support/api-test";
import { seedMember } from "../support/factories";

/**
 * `GET /api/notifications/stream` over real HTTP with a dashboard session
 * cookie, read as EventSource reads it: refused without a session; a notice
 * written by another door (a REST assignment) arrives as an `event:
 * notification` for its person only, and its reading as an `event: read`. How fast is measured, not asserted
 * here: bench/notification-latency.ts.
 */
const t = useApiTest();
let server: http.Server;
let origin: string;

beforeAll(async () => {
  configureForTests({ DATABASE_URL: t.databaseUrl });
  server = http.createServer((req, res) => void notificationStream(webRequestOf(req)).then((response) => sendWebResponse(req, res, response)));
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(() => {
  server.closeAllConnections();
  server.close();
});

/** Reads events from the stream until `until` says stop or the stream is aborted. */
async function readEvents(cookie: string, signal: AbortSignal, onEvent: (event: string, data: string) => void) {
  const response = await fetch(`${origin}/stream`, { headers: { cookie }, signal });
  expect(response.status).toBe(200);
  expect(response.headers.get("content-type")).toMatch(/^text\/event-stream/);
  const reader = response.body!.pipeThrough(new TextDecoderStream()).getReader();
  let buffer = "";
  void (async () => {
    try {
      for (;;) {
        const { value, done } = await reader.read();
        if (done) return;
        buffer += value;
        let end: number;
        while ((end = buffer.indexOf("\n\n")) >= 0) {
          const lines = buffer.slice(0, end).split("\n");
          buffer = buffer.slice(end + 2);
          const event = lines.find((l) => l.startsWith("event: "))?.slice(7);
          const data = lines.find((l) => l.startsWith("data: "))?.slice(6);
          if (event && data) onEvent(event, data);
        }
      }
    } catch {
      // aborted
    }
  })();
}

describe("live notification stream", () => {
  it("refuses a request without a dashboard session", async () => {
    expect((await fetch(`${origin}/stream`)).status).toBe(401);
  });

  it("brings a rep's new notice, and only theirs", async () => {
    const rep = await seedMember(t.db, t.org.id, { name: "Rocío Hernández" });
    const other = await seedMember(t.db, t.org.id, { name: "Diego Ramírez" });
    const stop = new AbortController();
    const seen: { who: string; event: string; leadId?: string }[] = [];
    let arrived: () => void = () => {};
    const arrival = new Promise<void>((resolve) => (arrived = resolve));
    for (const person of [rep, other]) {
      await readEvents(await sessionCookie({ userId: person.userId, organizationId: t.org.id }), stop.signal, (event, data) => {
        const parsed = JSON.parse(data) as { leadId?: string };
        seen.push({ who: person.userId, event, leadId: parsed.leadId });
        if (event === "notification") arrived();
      });
    }
    try {
      const lead = await leadsApi(t.server, t.org.key).createFull({ firstName: "Mariana", lastName: "Quispe", phone: "+51 987 654 321", assignedToId: rep.userId });
      const timeout = new Promise<"late">((resolve) => setTimeout(() => resolve("late"), 15_000));
      expect(await Promise.race([arrival, timeout])).toBeUndefined();
      expect(seen.filter((s) => s.event === "notification")).toEqual([{ who: rep.userId, event: "notification", leadId: lead.id }]);
      expect(seen.filter((s) => s.event === "ready").map((s) => s.who).sort()).toEqual([rep.userId, other.userId].sort());

      // Read elsewhere (another tab, or settled because a colleague claimed the lead): the bell hears of it too.
      let read: () => void = () => {};
      const reading = new Promise<void>((resolve) => (read = resolve));
      const watch = setInterval(() => seen.some((s) => s.event === "read") && read(), 50);
      await t.db.notification.updateMany({ where: { userId: rep.userId, leadId: lead.id }, data: { readAt: new Date() } });
      const late = new Promise<"late">((resolve) => setTimeout(() => resolve("late"), 15_000));
      expect(await Promise.race([reading, late])).toBeUndefined();
      clearInterval(watch);
      expect(seen.filter((s) => s.event === "read")).toEqual([{ who: rep.userId, event: "read", leadId: lead.id }]);
    } finally {
      stop.abort();
    }
  });
});
