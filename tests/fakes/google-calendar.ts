import { createHash, randomBytes } from "node:crypto";
import http from "node:http";
import type { AddressInfo } from "node:net";
import { Temporal } from "temporal-polyfill";

/**
 * A loopback Google (OAuth 2.0 authorization server + Calendar API v3, the
 * parts inmo uses), shared by Vitest and Playwright. It speaks Google's
 * protocol: an authorize page that approves at once (302 back with `code` and
 * `state`), PKCE S256 checked at `/token`, `invalid_grant` for a revoked or
 * unknown refresh token, bearer tokens checked on every Calendar call (401 in
 * Google's envelope), `singleEvents=true` expanding RRULEs (DAILY/WEEKLY,
 * COUNT/UNTIL) in the event's own zone, 410 for a deleted event, and
 * `sendUpdates=all` recorded as invitations. Failure switches: `failNext`
 * (any status on the next Calendar calls), `revokeAccount`, `expireAccessTokens`.
 */
export interface FakeEventTime {
  dateTime?: string;
  date?: string;
  timeZone?: string;
}

export interface FakeEvent {
  id: string;
  status: "confirmed" | "cancelled";
  summary?: string;
  description?: string;
  location?: string;
  htmlLink: string;
  start: FakeEventTime;
  end: FakeEventTime;
  attendees?: { email: string; responseStatus: string }[];
  recurrence?: string[];
  extendedProperties?: { private?: Record<string, string> };
}

export interface FakeInvitation {
  account: string;
  eventId: string;
  to: string[];
  kind: "created" | "updated" | "cancelled";
}

interface Grant {
  account: string;
  refreshToken: string;
  revoked: boolean;
}

export interface FakeGoogle {
  baseUrl: string;
  clientId: string;
  clientSecret: string;
  /** The account the next authorization approves as (then `login_hint`, then a default). */
  nextAccount: string | null;
  /** Events per account, including cancelled (deleted) ones. */
  events(account: string): FakeEvent[];
  addEvent(account: string, event: Omit<FakeEvent, "id" | "status" | "htmlLink"> & { id?: string }): FakeEvent;
  readonly invitations: FakeInvitation[];
  readonly requests: { method: string; path: string }[];
  /** The next `count` Calendar API calls answer `status` (e.g. 500, 503, 429). */
  failNext(status: number, count?: number): void;
  /** Revokes every grant of the account (as "Remove access" in the Google account would). */
  revokeAccount(account: string): void;
  /** Every issued access token expires now: the next Calendar call gets 401. */
  expireAccessTokens(): void;
  /** How many refresh-token grants were served. */
  refreshCount: number;
  close(): Promise<void>;
}

type Json = Record<string, unknown>;
const id = () => randomBytes(10).toString("hex");
const DEFAULT_ACCOUNT = "agent@gmail.test";

function googleError(status: number, message: string, reason: string) {
  return { status, body: { error: { code: status, message, errors: [{ message, domain: "global", reason }], status: reason } } };
}

/** The instant an event time starts (all-day dates at midnight in `zone`). */
function instantOf(time: FakeEventTime, zone: string): Temporal.Instant {
  if (time.dateTime) return Temporal.Instant.from(time.dateTime);
  return Temporal.PlainDate.from(time.date!).toZonedDateTime({ timeZone: time.timeZone ?? zone }).toInstant();
}

/** RRULE expansion for the rules the tests use: FREQ=DAILY|WEEKLY with COUNT or UNTIL, in the event's zone. */
function instancesOf(event: FakeEvent, zone: string, until: Temporal.Instant): FakeEvent[] {
  const rule = event.recurrence?.find((r) => r.startsWith("RRULE:"));
  if (!rule) return [event];
  const parts = Object.fromEntries(rule.slice(6).split(";").map((p) => p.split("=") as [string, string]));
  const step = parts.FREQ === "WEEKLY" ? { weeks: 1 } : { days: 1 };
  const count = parts.COUNT ? Number(parts.COUNT) : 500;
  const last = parts.UNTIL ? Temporal.Instant.from(parts.UNTIL.replace(/^(\d{4})(\d{2})(\d{2})T(\d{2})(\d{2})(\d{2})Z$/, "$1-$2-$3T$4:$5:$6Z")) : until;
  const tz = event.start.timeZone ?? zone;
  const out: FakeEvent[] = [];
  const allDay = Boolean(event.start.date);
  let start = allDay
    ? Temporal.PlainDate.from(event.start.date!).toZonedDateTime({ timeZone: tz })
    : Temporal.Instant.from(event.start.dateTime!).toZonedDateTimeISO(tz);
  const length = instantOf(event.start, zone).until(instantOf(event.end, zone));
  for (let n = 0; n < count && Temporal.Instant.compare(start.toInstant(), last) <= 0 && Temporal.Instant.compare(start.toInstant(), until) < 0; n++) {
    const end = start.toInstant().add(length).toZonedDateTimeISO(tz);
    const stamp = start.toInstant().toString().replace(/[-:]/g, "").replace(/\.\d+/, "");
    out.push({
      ...event,
      id: `${event.id}_${stamp}`,
      recurrence: undefined,
      start: allDay ? { date: start.toPlainDate().toString() } : { dateTime: start.toString({ timeZoneName: "never" }), timeZone: tz },
      end: allDay ? { date: end.toPlainDate().toString() } : { dateTime: end.toString({ timeZoneName: "never" }), timeZone: tz },
    });
    start = start.add(step);
  }
  return out;
}

/** An event as Google answers it: dateTimes shown in `zone` when one is asked for. */
function shown(event: FakeEvent, zone: string | null): Json {
  const show = (t: FakeEventTime) =>
    t.dateTime && zone
      ? { dateTime: Temporal.Instant.from(t.dateTime).toZonedDateTimeISO(zone).toString({ timeZoneName: "never" }), timeZone: zone }
      : t;
  const { recurrence, ...rest } = event;
  return { kind: "calendar#event", ...rest, ...(recurrence ? { recurrence } : {}), start: show(event.start), end: show(event.end) };
}

export async function startFakeGoogle(options: { port?: number; clientId?: string; clientSecret?: string } = {}): Promise<FakeGoogle> {
  const clientId = options.clientId ?? "fake-client.apps.googleusercontent.com";
  const clientSecret = options.clientSecret ?? "fake-client-secret";
  const codes = new Map<string, { account: string; redirectUri: string; challenge: string; scope: string }>();
  const grants = new Map<string, Grant>();
  const accessTokens = new Map<string, { account: string; refreshToken: string; expiresAt: number }>();
  const calendars = new Map<string, FakeEvent[]>();
  const invitations: FakeInvitation[] = [];
  const requests: { method: string; path: string }[] = [];
  let failures: { status: number; count: number } | null = null;

  const eventsOf = (account: string) => {
    let list = calendars.get(account);
    if (!list) calendars.set(account, (list = []));
    return list;
  };

  function issueAccessToken(account: string, refreshToken: string) {
    const token = `ya29.${randomBytes(24).toString("base64url")}`;
    accessTokens.set(token, { account, refreshToken, expiresAt: Date.now() + 3599_000 });
    return token;
  }

  const fake: FakeGoogle = {
    baseUrl: "",
    clientId,
    clientSecret,
    nextAccount: null,
    invitations,
    requests,
    refreshCount: 0,
    events: eventsOf,
    addEvent(account, event) {
      const created: FakeEvent = { status: "confirmed", htmlLink: "", ...event, id: event.id ?? id() };
      created.htmlLink = `https://www.google.com/calendar/event?eid=${created.id}`;
      eventsOf(account).push(created);
      return created;
    },
    failNext(status, count = 1) {
      failures = { status, count };
    },
    revokeAccount(account) {
      for (const grant of grants.values()) if (grant.account === account) grant.revoked = true;
      for (const [token, entry] of accessTokens) if (entry.account === account) accessTokens.delete(token);
    },
    expireAccessTokens() {
      for (const entry of accessTokens.values()) entry.expiresAt = 0;
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };

  function authorize(url: URL) {
    const p = url.searchParams;
    if (p.get("client_id") !== clientId) return { status: 400, text: "Error 401: invalid_client" };
    if (p.get("response_type") !== "code" || p.get("code_challenge_method") !== "S256" || !p.get("code_challenge")) {
      return { status: 400, text: "Error 400: invalid_request" };
    }
    const redirect = new URL(p.get("redirect_uri") ?? "");
    const code = `4/0${randomBytes(16).toString("base64url")}`;
    const account = fake.nextAccount ?? p.get("login_hint") ?? DEFAULT_ACCOUNT;
    fake.nextAccount = null;
    codes.set(code, { account, redirectUri: redirect.toString(), challenge: p.get("code_challenge")!, scope: p.get("scope") ?? "" });
    redirect.searchParams.set("state", p.get("state") ?? "");
    redirect.searchParams.set("code", code);
    redirect.searchParams.set("scope", p.get("scope") ?? "");
    return { status: 302, location: redirect.toString() };
  }

  function token(form: URLSearchParams): { status: number; body: Json } {
    const invalid = (error: string, description: string) => ({ status: 400, body: { error, error_description: description } });
    if (form.get("client_id") !== clientId || form.get("client_secret") !== clientSecret) {
      return { status: 401, body: { error: "invalid_client", error_description: "Unauthorized" } };
    }
    if (form.get("grant_type") === "authorization_code") {
      const entry = codes.get(form.get("code") ?? "");
      codes.delete(form.get("code") ?? "");
      if (!entry) return invalid("invalid_grant", "Malformed auth code.");
      if (entry.redirectUri !== form.get("redirect_uri")) return invalid("redirect_uri_mismatch", "Bad Request");
      const verifier = form.get("code_verifier") ?? "";
      if (createHash("sha256").update(verifier).digest("base64url") !== entry.challenge) {
        return invalid("invalid_grant", "Invalid code verifier.");
      }
      const refreshToken = `1//0${randomBytes(24).toString("base64url")}`;
      grants.set(refreshToken, { account: entry.account, refreshToken, revoked: false });
      return {
        status: 200,
        body: { access_token: issueAccessToken(entry.account, refreshToken), expires_in: 3599, refresh_token: refreshToken, scope: entry.scope, token_type: "Bearer" },
      };
    }
    if (form.get("grant_type") === "refresh_token") {
      const grant = grants.get(form.get("refresh_token") ?? "");
      if (!grant || grant.revoked) return invalid("invalid_grant", "Token has been expired or revoked.");
      fake.refreshCount++;
      return {
        status: 200,
        body: { access_token: issueAccessToken(grant.account, grant.refreshToken), expires_in: 3599, scope: "https://www.googleapis.com/auth/calendar.events", token_type: "Bearer" },
      };
    }
    return invalid("unsupported_grant_type", "Invalid grant_type");
  }

  function revoke(form: URLSearchParams): { status: number; body: Json } {
    const value = form.get("token") ?? "";
    const grant = grants.get(value) ?? grants.get(accessTokens.get(value)?.refreshToken ?? "");
    if (!grant || grant.revoked) return { status: 400, body: { error: "invalid_token", error_description: "Token expired or revoked" } };
    fake.revokeAccount(grant.account);
    return { status: 200, body: {} };
  }

  function calendar(method: string, url: URL, auth: string | undefined, body: Json): { status: number; body?: Json } {
    const bearer = auth?.match(/^Bearer (.+)$/)?.[1];
    const session = bearer ? accessTokens.get(bearer) : undefined;
    if (!session || session.expiresAt <= Date.now()) {
      return googleError(401, "Request had invalid authentication credentials.", "UNAUTHENTICATED");
    }
    if (failures && failures.count > 0) {
      failures.count--;
      return googleError(failures.status, "Backend Error", failures.status === 429 ? "rateLimitExceeded" : "backendError");
    }
    const account = session.account;
    const list = eventsOf(account);
    const path = url.pathname.replace(/^\/calendar\/v3\/calendars\/primary/, "");
    const notify = (event: FakeEvent, kind: FakeInvitation["kind"]) => {
      if (url.searchParams.get("sendUpdates") !== "all" || !event.attendees?.length) return;
      invitations.push({ account, eventId: event.id, to: event.attendees.map((a) => a.email), kind });
    };
    if (path === "" && method === "GET") return { status: 200, body: { kind: "calendar#calendar", id: account, summary: account, timeZone: "UTC" } };
    if (path === "/events" && method === "GET") return listEvents(url, list);
    if (path === "/events" && method === "POST") {
      if (!(body.start as Json | undefined) || !(body.end as Json | undefined)) return googleError(400, "Missing end time.", "required");
      const event = fake.addEvent(account, {
        summary: body.summary as string | undefined,
        description: body.description as string | undefined,
        location: body.location as string | undefined,
        start: body.start as FakeEventTime,
        end: body.end as FakeEventTime,
        attendees: ((body.attendees as { email: string }[] | undefined) ?? []).map((a) => ({ email: a.email, responseStatus: "needsAction" })),
        extendedProperties: body.extendedProperties as FakeEvent["extendedProperties"],
      });
      if (!event.attendees?.length) delete event.attendees;
      notify(event, "created");
      return { status: 200, body: shown(event, null) };
    }
    const match = path.match(/^\/events\/([^/]+)$/);
    if (!match) return googleError(404, "Not Found", "notFound");
    const event = list.find((e) => e.id === decodeURIComponent(match[1]!));
    if (!event) return googleError(404, "Not Found", "notFound");
    if (event.status === "cancelled") return googleError(410, "Resource has been deleted", "deleted");
    if (method === "GET") return { status: 200, body: shown(event, null) };
    if (method === "PATCH") {
      for (const field of ["summary", "description", "location", "start", "end"] as const) {
        if (body[field] !== undefined) (event as unknown as Json)[field] = body[field];
      }
      if (body.attendees !== undefined) event.attendees = body.attendees as FakeEvent["attendees"];
      notify(event, "updated");
      return { status: 200, body: shown(event, null) };
    }
    if (method === "DELETE") {
      event.status = "cancelled";
      notify(event, "cancelled");
      return { status: 204 };
    }
    return googleError(405, "Method Not Allowed", "methodNotAllowed");
  }

  function listEvents(url: URL, list: FakeEvent[]): { status: number; body: Json } {
    const q = url.searchParams;
    if (q.get("orderBy") === "startTime" && q.get("singleEvents") !== "true") {
      return googleError(400, "The requested ordering is not available for the particular query.", "invalid");
    }
    const zone = q.get("timeZone");
    const min = q.get("timeMin") ? Temporal.Instant.from(q.get("timeMin")!) : Temporal.Instant.fromEpochMilliseconds(0);
    const max = q.get("timeMax") ? Temporal.Instant.from(q.get("timeMax")!) : Temporal.Instant.from("2100-01-01T00:00:00Z");
    const expand = q.get("singleEvents") === "true";
    const all = list
      .filter((e) => e.status === "confirmed")
      .flatMap((e) => (expand ? instancesOf(e, zone ?? "UTC", max) : [e]))
      .filter((e) => Temporal.Instant.compare(instantOf(e.end, zone ?? "UTC"), min) > 0 && Temporal.Instant.compare(instantOf(e.start, zone ?? "UTC"), max) < 0);
    if (q.get("orderBy") === "startTime") all.sort((a, b) => Temporal.Instant.compare(instantOf(a.start, zone ?? "UTC"), instantOf(b.start, zone ?? "UTC")));
    const size = Math.min(Number(q.get("maxResults") ?? 250) || 250, 2500);
    const offset = Number(q.get("pageToken") ?? 0);
    const page = all.slice(offset, offset + size);
    return {
      status: 200,
      body: {
        kind: "calendar#events",
        summary: "primary",
        timeZone: zone ?? "UTC",
        items: page.map((e) => shown(e, zone)),
        ...(offset + size < all.length ? { nextPageToken: String(offset + size) } : {}),
      },
    };
  }

  const server = http.createServer(async (req, res) => {
    const url = new URL(req.url ?? "/", "http://127.0.0.1");
    requests.push({ method: req.method ?? "GET", path: url.pathname + url.search });
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    const raw = Buffer.concat(chunks).toString("utf8");
    const send = (status: number, body?: Json) => {
      res.statusCode = status;
      if (body) res.setHeader("Content-Type", "application/json; charset=UTF-8");
      res.end(body ? JSON.stringify(body) : undefined);
    };
    // Control routes for another process (a browser test): what is on an account's calendar, which invitations went out.
    if (url.pathname === "/_fake/events") return send(200, { items: eventsOf(url.searchParams.get("account") ?? "") } as unknown as Json);
    if (url.pathname === "/_fake/invitations") return send(200, { items: invitations } as unknown as Json);
    if (url.pathname === "/o/oauth2/v2/auth") {
      const answer = authorize(url);
      if (answer.location) {
        res.statusCode = 302;
        res.setHeader("Location", answer.location);
        return res.end();
      }
      res.statusCode = answer.status;
      return res.end(answer.text);
    }
    if (url.pathname === "/token" && req.method === "POST") {
      const answer = token(new URLSearchParams(raw));
      return send(answer.status, answer.body);
    }
    if (url.pathname === "/revoke" && req.method === "POST") {
      const answer = revoke(new URLSearchParams(raw));
      return send(answer.status, answer.body);
    }
    if (url.pathname.startsWith("/calendar/v3/calendars/primary")) {
      let body: Json = {};
      try {
        body = raw ? (JSON.parse(raw) as Json) : {};
      } catch {
        return send(400, googleError(400, "Parse Error", "parseError").body);
      }
      const answer = calendar(req.method ?? "GET", url, req.headers.authorization, body);
      return send(answer.status, answer.body);
    }
    send(404, googleError(404, "Not Found", "notFound").body);
  });
  await new Promise<void>((resolve) => server.listen(options.port ?? 0, "127.0.0.1", resolve));
  fake.baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return fake;
}

/** Points this process's calendar settings at the fake (Vitest: call before the first request). */
export function useFakeGoogleEnv(fake: FakeGoogle): void {
  process.env.GOOGLE_CLIENT_ID = fake.clientId;
  process.env.GOOGLE_CLIENT_SECRET = fake.clientSecret;
  process.env.GOOGLE_OAUTH_BASE_URL = fake.baseUrl;
  process.env.GOOGLE_CALENDAR_BASE_URL = fake.baseUrl;
}
