import { createHash, generateKeyPairSync, randomBytes, randomUUID, sign } from "node:crypto";
import http from "node:http";
import https from "node:https";
import type { AddressInfo } from "node:net";
import { googleError, listEvents, shown, touch, type CalendarLog, type FakeEvent, type FakeEventTime } from "./google-calendar-events";
import { routeOf } from "./google-discovery";
import { configureForTests } from "../../server/config/config";

export type { FakeEvent, FakeEventTime } from "./google-calendar-events";

/**
 * A loopback Google (OAuth 2.0 + OpenID Connect authorization server and the
 * Calendar API v3, the parts inmo uses), shared by Vitest and Playwright,
 * written from Google's published documents (fixtures/PROVIDER-RULES.md), not
 * from our client:
 *
 * - OAuth: authorization code + PKCE S256; the token answer's `scope` is what
 *   was granted (a test can make the member untick scopes, as Google's
 *   granular consent allows); with `openid` an RS256 ID token carrying `email`;
 *   `invalid_grant` (400) for a revoked or unknown refresh token.
 * - Calendar: each request is the discovery document's method for that HTTP
 *   method and path, and is refused 403 `insufficientPermissions` unless the
 *   token holds one of the scopes the document lists for it; 401, 404, 410
 *   (`deleted`, `fullSyncRequired`), 403/429 usage limits and 500 in Google's
 *   shapes; paging and sync tokens as `events.list` documents them.
 * - Push: `events.watch` channels (HTTPS addresses only) get a `sync`
 *   notification, then `exists` on every change, POSTed with Google's
 *   X-Goog-* headers; `channels.stop` ends one.
 *
 * "Google-side" changes a member makes in their calendar: `changeEvent`, `cancelEvent`.
 */
export interface FakeInvitation {
  account: string;
  eventId: string;
  to: string[];
  kind: "created" | "updated" | "cancelled";
}

export interface FakeChannel {
  id: string;
  account: string;
  resourceId: string;
  address: string;
  token: string | null;
  expiration: number;
  stopped: boolean;
  messageNumber: number;
}

export interface FakeNotification {
  channelId: string;
  state: "sync" | "exists";
  status: number | null;
}

export interface FakeGoogle {
  baseUrl: string;
  clientId: string;
  clientSecret: string;
  /** The account the next authorization approves as (then `login_hint`, then a default). */
  nextAccount: string | null;
  /** The scopes the member leaves ticked on the next consent screen (default: all requested). */
  nextGrant: string[] | null;
  /** Events per account, including cancelled (deleted) ones. */
  events(account: string): FakeEvent[];
  addEvent(account: string, event: Omit<FakeEvent, "id" | "status" | "htmlLink" | "updated"> & { id?: string }): FakeEvent;
  /** The member edits an event in Google Calendar (moves it, renames it, …): a change that sync and push report. */
  changeEvent(account: string, id: string, change: Partial<Pick<FakeEvent, "summary" | "description" | "start" | "end" | "location">>): FakeEvent;
  /** The member deletes the event in Google Calendar. */
  cancelEvent(account: string, id: string): FakeEvent;
  /** Google invalidates every sync token issued so far for the account (their next use answers 410). */
  expireSyncTokens(account: string): void;
  readonly invitations: FakeInvitation[];
  readonly requests: { method: string; path: string }[];
  readonly channels: FakeChannel[];
  readonly notifications: FakeNotification[];
  /** Resolves when every notification sent so far has been answered. */
  notificationsSettled(): Promise<void>;
  /** The next `count` Calendar API calls answer Google's error for `status` (and `reason` for 403: rateLimitExceeded or quotaExceeded). */
  failNext(status: number, count?: number, reason?: "rateLimitExceeded" | "quotaExceeded"): void;
  /** Revokes every grant of the account (as "Remove access" in the Google account would). */
  revokeAccount(account: string): void;
  /** Every issued access token expires now: the next Calendar call gets 401. */
  expireAccessTokens(): void;
  /** How many refresh-token grants were served. */
  refreshCount: number;
  /** A CA (PEM) to trust for HTTPS notification addresses besides the system's: a test's own receiver. */
  trustCa: string | undefined;
  close(): Promise<void>;
}

interface Grant {
  account: string;
  refreshToken: string;
  scopes: string[];
  revoked: boolean;
}

type Json = Record<string, unknown>;
const newEventId = () => randomBytes(10).toString("hex"); // base32hex alphabet, as Google's ids
const DEFAULT_ACCOUNT = "agent@gmail.test";
const WEEK_MS = 7 * 24 * 60 * 60 * 1000;
const CHANNEL_ID = /^[A-Za-z0-9\-_+/=]{1,64}$/;

const insufficientScope = (method: string, scopes: string[]) => ({
  status: 403,
  headers: { "WWW-Authenticate": `Bearer realm="https://accounts.google.com/", error="insufficient_scope", scope="${scopes.join(" ")}"` },
  body: {
    error: {
      code: 403,
      message: "Request had insufficient authentication scopes.",
      errors: [{ message: "Insufficient Permission", domain: "global", reason: "insufficientPermissions" }],
      status: "PERMISSION_DENIED",
      details: [
        {
          "@type": "type.googleapis.com/google.rpc.ErrorInfo",
          reason: "ACCESS_TOKEN_SCOPE_INSUFFICIENT",
          domain: "googleapis.com",
          metadata: { service: "calendar-json.googleapis.com", method: method },
        },
      ],
    },
  },
});

/** Google's answers for the failure switch, per its "Handle API errors" page. */
function failure(status: number, reason?: string) {
  if (status === 403 && reason === "quotaExceeded") return googleError(403, "Calendar usage limits exceeded.", "quotaExceeded", "usageLimits");
  if (status === 403) return googleError(403, "Rate Limit Exceeded", "rateLimitExceeded", "usageLimits");
  if (status === 429) return googleError(429, "Rate Limit Exceeded", "rateLimitExceeded", "usageLimits");
  return googleError(status, "Backend Error", "backendError");
}

export async function startFakeGoogle(
  options: { port?: number; clientId?: string; clientSecret?: string } = {},
): Promise<FakeGoogle> {
  const clientId = options.clientId ?? "fake-client.apps.googleusercontent.com";
  const clientSecret = options.clientSecret ?? "fake-client-secret";
  const signingKey = generateKeyPairSync("rsa", { modulusLength: 2048 }).privateKey;
  const codes = new Map<string, { account: string; redirectUri: string; challenge: string; scopes: string[] }>();
  const grants = new Map<string, Grant>();
  const accessTokens = new Map<string, { account: string; refreshToken: string; scopes: string[]; expiresAt: number }>();
  const calendars = new Map<string, CalendarLog>();
  const invitations: FakeInvitation[] = [];
  const requests: { method: string; path: string }[] = [];
  const channels: FakeChannel[] = [];
  const notifications: FakeNotification[] = [];
  const inFlight = new Set<Promise<void>>();
  let failures: { status: number; count: number; reason?: string } | null = null;

  const logOf = (account: string) => {
    let log = calendars.get(account);
    if (!log) calendars.set(account, (log = { events: [], seq: 0, validFrom: 0 }));
    return log;
  };

  function issueAccessToken(grant: Grant) {
    const token = `ya29.${randomBytes(24).toString("base64url")}`;
    accessTokens.set(token, { account: grant.account, refreshToken: grant.refreshToken, scopes: grant.scopes, expiresAt: Date.now() + 3599_000 });
    return token;
  }

  function idToken(account: string, issuer: string): string {
    const segment = (value: Json) => Buffer.from(JSON.stringify(value)).toString("base64url");
    const now = Math.floor(Date.now() / 1000);
    const sub = createHash("sha256").update(account).digest("hex").slice(0, 21);
    const input = `${segment({ alg: "RS256", typ: "JWT", kid: "fake" })}.${segment({ iss: issuer, azp: clientId, aud: clientId, sub, email: account, email_verified: true, iat: now, exp: now + 3600 })}`;
    return `${input}.${sign("sha256", Buffer.from(input), signingKey).toString("base64url")}`;
  }

  /** Tells every live channel of the account that its events changed, as Google does (POST, no body, X-Goog-* headers). */
  function notify(channel: FakeChannel, state: "sync" | "exists") {
    const record: FakeNotification = { channelId: channel.id, state, status: null };
    notifications.push(record);
    const headers: Record<string, string> = {
      "X-Goog-Channel-ID": channel.id,
      "X-Goog-Channel-Expiration": new Date(channel.expiration).toUTCString(),
      "X-Goog-Resource-ID": channel.resourceId,
      "X-Goog-Resource-URI": `${fake.baseUrl}/calendar/v3/calendars/primary/events?alt=json`,
      "X-Goog-Resource-State": state,
      "X-Goog-Message-Number": String(++channel.messageNumber),
      "Content-Length": "0",
    };
    if (channel.token !== null) headers["X-Goog-Channel-Token"] = channel.token;
    const delivery = new Promise<void>((resolve) => {
      const request = https.request(channel.address, { method: "POST", headers, ca: fake.trustCa }, (response) => {
        record.status = response.statusCode ?? null;
        response.resume();
        response.on("end", resolve);
      });
      request.on("error", () => resolve());
      request.end();
    });
    inFlight.add(delivery);
    void delivery.finally(() => inFlight.delete(delivery));
  }

  function changed(account: string) {
    for (const channel of channels) {
      if (channel.account === account && !channel.stopped && channel.expiration > Date.now()) notify(channel, "exists");
    }
  }

  const fake: FakeGoogle = {
    baseUrl: "",
    clientId,
    clientSecret,
    nextAccount: null,
    nextGrant: null,
    invitations,
    requests,
    channels,
    notifications,
    refreshCount: 0,
    trustCa: undefined,
    events: (account) => logOf(account).events,
    addEvent(account, event) {
      const log = logOf(account);
      const created: FakeEvent = { status: "confirmed", htmlLink: "", updated: "", ...event, id: event.id ?? newEventId() };
      created.htmlLink = `https://www.google.com/calendar/event?eid=${created.id}`;
      touch(log, created, new Date());
      log.events.push(created);
      return created;
    },
    changeEvent(account, id, change) {
      const log = logOf(account);
      const event = log.events.find((e) => e.id === id);
      if (!event) throw new Error(`no event ${id} on ${account}`);
      Object.assign(event, change);
      touch(log, event, new Date());
      changed(account);
      return event;
    },
    cancelEvent(account, id) {
      const log = logOf(account);
      const event = log.events.find((e) => e.id === id);
      if (!event) throw new Error(`no event ${id} on ${account}`);
      event.status = "cancelled";
      touch(log, event, new Date());
      changed(account);
      return event;
    },
    expireSyncTokens(account) {
      const log = logOf(account);
      log.validFrom = log.seq + 1;
    },
    async notificationsSettled() {
      while (inFlight.size > 0) await Promise.all([...inFlight]);
    },
    failNext(status, count = 1, reason) {
      failures = { status, count, reason };
    },
    revokeAccount(account) {
      for (const grant of grants.values()) if (grant.account === account) grant.revoked = true;
      for (const [token, entry] of accessTokens) if (entry.account === account) accessTokens.delete(token);
    },
    expireAccessTokens() {
      for (const entry of accessTokens.values()) entry.expiresAt = 0;
    },
    close: async () => {
      await fake.notificationsSettled();
      await new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      });
    },
  };

  function authorize(url: URL) {
    const p = url.searchParams;
    if (p.get("client_id") !== clientId) return { status: 400, text: "Error 401: invalid_client" };
    if (p.get("response_type") !== "code" || p.get("code_challenge_method") !== "S256" || !p.get("code_challenge") || !p.get("scope")) {
      return { status: 400, text: "Error 400: invalid_request" };
    }
    const requested = p.get("scope")!.split(" ").filter(Boolean);
    const redirect = new URL(p.get("redirect_uri") ?? "");
    const code = `4/0${randomBytes(16).toString("base64url")}`;
    const account = fake.nextAccount ?? p.get("login_hint") ?? DEFAULT_ACCOUNT;
    const granted = fake.nextGrant ? requested.filter((scope) => fake.nextGrant!.includes(scope)) : requested;
    fake.nextAccount = null;
    fake.nextGrant = null;
    codes.set(code, { account, redirectUri: redirect.toString(), challenge: p.get("code_challenge")!, scopes: granted });
    redirect.searchParams.set("state", p.get("state") ?? "");
    redirect.searchParams.set("code", code);
    redirect.searchParams.set("scope", granted.join(" "));
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
      if (createHash("sha256").update(verifier).digest("base64url") !== entry.challenge) return invalid("invalid_grant", "Invalid code verifier.");
      const grant: Grant = { account: entry.account, refreshToken: `1//0${randomBytes(24).toString("base64url")}`, scopes: entry.scopes, revoked: false };
      grants.set(grant.refreshToken, grant);
      return {
        status: 200,
        body: {
          access_token: issueAccessToken(grant),
          expires_in: 3599,
          refresh_token: grant.refreshToken,
          scope: grant.scopes.join(" "),
          token_type: "Bearer",
          ...(grant.scopes.includes("openid") ? { id_token: idToken(grant.account, fake.baseUrl) } : {}),
        },
      };
    }
    if (form.get("grant_type") === "refresh_token") {
      const grant = grants.get(form.get("refresh_token") ?? "");
      if (!grant || grant.revoked) return invalid("invalid_grant", "Token has been expired or revoked.");
      fake.refreshCount++;
      return { status: 200, body: { access_token: issueAccessToken(grant), expires_in: 3599, scope: grant.scopes.join(" "), token_type: "Bearer" } };
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

  function calendar(method: string, url: URL, auth: string | undefined, body: Json): { status: number; body?: Json; headers?: Record<string, string> } {
    const bearer = auth?.match(/^Bearer (.+)$/)?.[1];
    const session = bearer ? accessTokens.get(bearer) : undefined;
    if (!session || session.expiresAt <= Date.now()) {
      return { ...googleError(401, "Invalid Credentials", "authError"), headers: { "WWW-Authenticate": 'Bearer realm="https://accounts.google.com/"' } };
    }
    const route = routeOf(method, url.pathname.replace(/^\/calendar\/v3\//, ""));
    if (!route) return googleError(404, "Not Found", "notFound");
    if (!route.method.scopes.some((scope) => session.scopes.includes(scope))) return insufficientScope(route.method.id, route.method.scopes);
    if (failures && failures.count > 0) {
      failures.count--;
      return failure(failures.status, failures.reason);
    }
    const account = session.account;
    if (route.params.calendarId !== undefined && route.params.calendarId !== "primary" && route.params.calendarId !== account) {
      return googleError(404, "Not Found", "notFound");
    }
    const log = logOf(account);
    const q = url.searchParams;
    const notifyAttendees = (event: FakeEvent, kind: FakeInvitation["kind"]) => {
      if (q.get("sendUpdates") !== "all" || !event.attendees?.length) return;
      invitations.push({ account, eventId: event.id, to: event.attendees.map((a) => a.email), kind });
    };
    const event = route.params.eventId !== undefined ? log.events.find((e) => e.id === route.params.eventId) : undefined;
    switch (route.method.id) {
      case "calendar.calendars.get":
        return { status: 200, body: { kind: "calendar#calendar", id: account, summary: account, timeZone: "UTC" } };
      case "calendar.events.list":
        return listEvents(log, q);
      case "calendar.events.insert": {
        if (!(body.start as Json | undefined) || !(body.end as Json | undefined)) return googleError(400, "Missing end time.", "required");
        const created = fake.addEvent(account, {
          summary: body.summary as string | undefined,
          description: body.description as string | undefined,
          location: body.location as string | undefined,
          start: body.start as FakeEventTime,
          end: body.end as FakeEventTime,
          attendees: ((body.attendees as { email: string }[] | undefined) ?? []).map((a) => ({ email: a.email, responseStatus: "needsAction" })),
          extendedProperties: body.extendedProperties as FakeEvent["extendedProperties"],
        });
        if (!created.attendees?.length) delete created.attendees;
        notifyAttendees(created, "created");
        changed(account);
        return { status: 200, body: shown(created, null) };
      }
      case "calendar.events.get":
        if (!event) return googleError(404, "Not Found", "notFound");
        return { status: 200, body: shown(event, null) }; // deleted events too, with status "cancelled"
      case "calendar.events.patch":
      case "calendar.events.update": {
        if (!event) return googleError(404, "Not Found", "notFound");
        if (event.status === "cancelled") return googleError(410, "Resource has been deleted", "deleted");
        for (const field of ["summary", "description", "location", "start", "end"] as const) {
          if (body[field] !== undefined) (event as unknown as Json)[field] = body[field];
        }
        if (body.attendees !== undefined) event.attendees = body.attendees as FakeEvent["attendees"];
        touch(log, event, new Date());
        notifyAttendees(event, "updated");
        changed(account);
        return { status: 200, body: shown(event, null) };
      }
      case "calendar.events.delete":
        if (!event) return googleError(404, "Not Found", "notFound");
        if (event.status === "cancelled") return googleError(410, "Resource has been deleted", "deleted");
        event.status = "cancelled";
        touch(log, event, new Date());
        notifyAttendees(event, "cancelled");
        changed(account);
        return { status: 204 };
      case "calendar.events.watch":
        return watch(account, body);
      case "calendar.channels.stop": {
        const channel = channels.find((c) => c.id === body.id && c.resourceId === body.resourceId && c.account === account && !c.stopped);
        if (!channel) return googleError(404, `Channel '${String(body.id)}' not found for project`, "notFound");
        channel.stopped = true;
        return { status: 204 };
      }
      default:
        return googleError(501, `${route.method.id} is not implemented by the fake`, "notImplemented");
    }
  }

  function watch(account: string, body: Json): { status: number; body: Json } {
    const id = typeof body.id === "string" ? body.id : "";
    const address = typeof body.address === "string" ? body.address : "";
    if (!CHANNEL_ID.test(id)) return googleError(400, "Invalid channel id.", "invalid");
    if (body.type !== "web_hook" && body.type !== "webhook") return googleError(400, "Invalid channel type.", "invalid");
    if (!address.startsWith("https://")) return googleError(400, `WebHook callback must be HTTPS: ${address}`, "push.webhookUrlNotHttps", "push");
    if (channels.some((c) => c.id === id)) return googleError(400, `Channel id ${id} not unique`, "channelIdNotUnique", "push");
    const requested = Number(body.expiration);
    const expiration = Number.isFinite(requested) && requested > Date.now() ? Math.min(requested, Date.now() + WEEK_MS) : Date.now() + WEEK_MS;
    const channel: FakeChannel = {
      id,
      account,
      resourceId: randomUUID().replace(/-/g, "").slice(0, 27),
      address,
      token: typeof body.token === "string" ? body.token : null,
      expiration,
      stopped: false,
      messageNumber: 0,
    };
    channels.push(channel);
    notify(channel, "sync");
    return {
      status: 200,
      body: {
        kind: "api#channel",
        id,
        resourceId: channel.resourceId,
        resourceUri: `${fake.baseUrl}/calendar/v3/calendars/primary/events?alt=json`,
        ...(channel.token !== null ? { token: channel.token } : {}),
        expiration: String(expiration),
      },
    };
  }

  const server = http.createServer(async (req, res) => {
    const url = new URL(req.url ?? "/", "http://127.0.0.1");
    requests.push({ method: req.method ?? "GET", path: url.pathname + url.search });
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    const raw = Buffer.concat(chunks).toString("utf8");
    const send = (status: number, body?: Json, headers: Record<string, string> = {}) => {
      res.statusCode = status;
      for (const [name, value] of Object.entries(headers)) res.setHeader(name, value);
      if (body) res.setHeader("Content-Type", "application/json; charset=UTF-8");
      res.end(body ? JSON.stringify(body) : undefined);
    };
    // Control routes for another process (a browser test): an account's calendar, the invitations, a change made in Google.
    if (url.pathname === "/_fake/events") return send(200, { items: logOf(url.searchParams.get("account") ?? "").events } as unknown as Json);
    if (url.pathname === "/_fake/invitations") return send(200, { items: invitations } as unknown as Json);
    if (url.pathname === "/_fake/change" && req.method === "POST") {
      const { account, id, change, cancel } = JSON.parse(raw || "{}") as { account: string; id: string; change?: Json; cancel?: boolean };
      return send(200, (cancel ? fake.cancelEvent(account, id) : fake.changeEvent(account, id, change ?? {})) as unknown as Json);
    }
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
    if (url.pathname.startsWith("/calendar/v3/")) {
      let body: Json = {};
      try {
        body = raw ? (JSON.parse(raw) as Json) : {};
      } catch {
        return send(400, googleError(400, "Parse Error", "parseError").body);
      }
      const answer = calendar(req.method ?? "GET", url, req.headers.authorization, body);
      return send(answer.status, answer.body, answer.headers);
    }
    send(404, googleError(404, "Not Found", "notFound").body);
  });
  await new Promise<void>((resolve) => server.listen(options.port ?? 0, "127.0.0.1", resolve));
  fake.baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return fake;
}

/** Points this process's calendar settings at the fake (Vitest: call before the first request). */
export function useFakeGoogleEnv(fake: FakeGoogle): void {
  configureForTests({ GOOGLE_CLIENT_ID: fake.clientId });
  configureForTests({ GOOGLE_CLIENT_SECRET: fake.clientSecret });
  configureForTests({ GOOGLE_OAUTH_BASE_URL: fake.baseUrl });
  configureForTests({ GOOGLE_CALENDAR_BASE_URL: fake.baseUrl });
}
