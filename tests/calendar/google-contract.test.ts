import { describe, expect, it } from "vitest";
import { beginCalendarConnection, completeCalendarConnection } from "../../server/calendar/calendar-connection";
import { GOOGLE_CALENDAR_CALLS } from "../../server/calendar/google/google-calls";
import { GOOGLE_SCOPES } from "../../server/calendar/google-settings";
import { MissingCalendarScope } from "../../server/calendar/provider";
import { calendarDiscovery, discoveryMethod } from "../fakes/google-discovery";
import { seedLead, seedMember } from "../support/factories";
import { useCalendarTest } from "./support/calendar-test";

/**
 * The calendar held to Google's published contract: every Calendar method the
 * product calls is allowed, by Google's discovery document, with the scopes
 * the connect flow asks for (defined once, in google-settings.ts); the
 * connect flow works with those scopes only and learns the account from the
 * ID token; and Google's refusals are told apart.
 */
const c = useCalendarTest();
const { t } = c;

const covered = (methodId: string) => discoveryMethod(methodId)!.scopes.some((scope) => (GOOGLE_SCOPES as readonly string[]).includes(scope));

describe("the scopes we ask for cover every call we make (discovery document rev. " + calendarDiscovery.revision + ")", () => {
  for (const [name, call] of Object.entries(GOOGLE_CALENDAR_CALLS)) {
    it(`${name}: ${call.method} (${call.httpMethod} ${call.path})`, () => {
      const method = discoveryMethod(call.method);
      expect(method, `${call.method} is not in the discovery document`).not.toBeNull();
      expect({ httpMethod: method!.httpMethod, path: method!.path }).toEqual({ httpMethod: call.httpMethod, path: call.path });
      expect(covered(call.method), `${call.method} accepts ${method!.scopes.join(", ")}; we ask for ${GOOGLE_SCOPES.join(", ")}`).toBe(true);
    });
  }

  it("would catch the call the old connect flow made: calendars.get is not allowed with our scopes", () => {
    expect(covered("calendar.calendars.get")).toBe(false);
  });

  it("asks for no scope it does not use: each requested Calendar scope covers a call, and openid/email give the account", () => {
    for (const scope of GOOGLE_SCOPES.filter((s) => s.startsWith("https://"))) {
      const used = Object.values(GOOGLE_CALENDAR_CALLS).some((call) => discoveryMethod(call.method)!.scopes.includes(scope));
      expect(used, scope).toBe(true);
    }
    expect(GOOGLE_SCOPES.filter((s) => !s.startsWith("https://"))).toEqual(["openid", "email"]);
  });
});

describe("connecting with exactly those scopes", () => {
  it("sends the member to Google with the scopes, and stores the account from the ID token's email claim", async () => {
    const { url } = await beginCalendarConnection({ redirectUri: "http://127.0.0.1/profile/calendar/callback" });
    expect(url.searchParams.get("scope")!.split(" ").sort()).toEqual([...GOOGLE_SCOPES].sort());
    const memberId = (await seedMember(t.db, t.org.id)).userId;
    const row = await c.connect(memberId, "luisa@gmail.test");
    expect(row.accountEmail).toBe("luisa@gmail.test");
    expect(row.scopes.sort()).toEqual([...GOOGLE_SCOPES].sort());
    // No call outside the catalogue: the old calendars.get is gone.
    expect(c.google.requests.some((r) => r.path.startsWith("/calendar/v3/calendars/primary?") || r.path === "/calendar/v3/calendars/primary")).toBe(false);
  });

  it("refuses a consent where the member unticked the calendar: nothing is stored", async () => {
    const memberId = (await seedMember(t.db, t.org.id)).userId;
    c.google.nextGrant = ["openid", "email"];
    await expect(c.connect(memberId, "unticked@gmail.test")).rejects.toBeInstanceOf(MissingCalendarScope);
    expect(await t.db.calendarConnection.count({ where: { userId: memberId } })).toBe(0);
  });

  it("a grant made for the broader calendar.events scope keeps working (Google accepts it for the same methods)", async () => {
    const memberId = (await seedMember(t.db, t.org.id)).userId;
    const redirectUri = "http://127.0.0.1/profile/calendar/callback";
    const { url, pending } = await beginCalendarConnection({ redirectUri });
    url.searchParams.set("scope", "openid email https://www.googleapis.com/auth/calendar.events");
    c.google.nextAccount = "older@gmail.test";
    const callbackUrl = new URL((await fetch(url, { redirect: "manual" })).headers.get("location")!);
    await completeCalendarConnection(t.db, { organizationId: t.org.id, userId: memberId, callbackUrl, pending, redirectUri });
    const response = await t.server.api(`/calendar/events?userId=${memberId}&timeMin=2030-01-01T00:00:00Z&timeMax=2030-01-02T00:00:00Z`, { token: t.org.key });
    expect(response.status).toBe(200);
  });
});

describe("Google's refusals", () => {
  it("403 rateLimitExceeded and quotaExceeded are usage limits: 503 with Retry-After, nothing recorded", async () => {
    const memberId = (await seedMember(t.db, t.org.id)).userId;
    await c.connect(memberId, "busy@gmail.test");
    const lead = await seedLead(t.db, t.org.id, { firstName: "Noa" });
    for (const reason of ["rateLimitExceeded", "quotaExceeded"] as const) {
      c.google.failNext(403, 1, reason);
      const response = await t.server.api("/calendar/events", {
        token: t.org.key,
        method: "POST",
        json: { userId: memberId, leadId: lead.id, startAt: "2030-02-01T10:00", durationMinutes: 30 },
      });
      expect(response.status, reason).toBe(503);
      expect(response.headers.get("retry-after")).toBe("30");
    }
    expect(await t.db.calendarEventLink.count({ where: { leadId: lead.id } })).toBe(0);
    expect((await t.db.calendarConnection.findFirst({ where: { userId: memberId } }))!.status).toBe("active");
  });

  it("an event deleted in Google answers 410 to a change; through our API that is 404 NOT_FOUND", async () => {
    const memberId = (await seedMember(t.db, t.org.id)).userId;
    await c.connect(memberId, "gone@gmail.test");
    const event = c.google.addEvent("gone@gmail.test", { summary: "Visita", start: { dateTime: "2030-03-01T10:00:00Z" }, end: { dateTime: "2030-03-01T11:00:00Z" } });
    c.google.cancelEvent("gone@gmail.test", event.id);
    const response = await t.server.api(`/calendar/events/${event.id}`, {
      token: t.org.key,
      method: "PATCH",
      json: { userId: memberId, startAt: "2030-03-01T12:00", durationMinutes: 30, title: "Visita" },
    });
    expect(response.status).toBe(404);
    expect(c.google.requests.filter((r) => r.method === "PATCH").length).toBeGreaterThan(0);
  });
});
