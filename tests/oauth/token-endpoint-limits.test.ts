import * as oauth from "oauth4webapi";
import { describe, expect, it } from "vitest";
import { CLIENT_AUTHENTICATION_FAILURES } from "../../server/oauth/client-throttle";
import { TOKEN_ENDPOINT_BUDGET } from "../../server/oauth/token-endpoint-budget";
import { useApiTest } from "../support/api-test";
import { connect, discover, refresh, registerApp } from "./oauth-client-helpers";

const t = useApiTest();

function post(path: string, body: Record<string, string>, headers: Record<string, string> = {}) {
  return fetch(`${t.server.baseUrl}${path}`, {
    method: "POST",
    headers: { "content-type": "application/x-www-form-urlencoded", ...headers },
    body: new URLSearchParams(body),
  });
}

describe("the token endpoint's answers", () => {
  it("speaks RFC 6749 errors with no-store, and refuses JSON bodies and unknown grant types", async () => {
    const app = await registerApp(t.db);
    const json = await fetch(`${t.server.baseUrl}/oauth/token`, { method: "POST", headers: { "content-type": "application/json" }, body: "{}" });
    expect(json.status).toBe(400);
    expect(await json.json()).toMatchObject({ error: "invalid_request" });
    const basic = { authorization: `Basic ${Buffer.from(`${app.client.client_id}:${app.secret}`).toString("base64")}` };
    const unsupported = await post("/oauth/token", { grant_type: "password", username: "a", password: "b" }, basic);
    expect(unsupported.status).toBe(400);
    expect(unsupported.headers.get("cache-control")).toBe("no-store");
    expect(await unsupported.json()).toMatchObject({ error: "unsupported_grant_type" });
    const twice = await post("/oauth/token", { grant_type: "refresh_token", refresh_token: "ort_x", client_secret: app.secret! }, basic);
    expect(twice.status).toBe(400);
    expect(await twice.json()).toMatchObject({ error: "invalid_request" });
    const unknownCode = await post("/oauth/token", { grant_type: "authorization_code", code: "oac_nope", redirect_uri: "https://zap.example/oauth/return" }, basic);
    expect(await unknownCode.json()).toMatchObject({ error: "invalid_grant" });
  });

  it("answers 429 with Retry-After when an authenticated client floods it (temporary for the platforms, never invalid_grant)", async () => {
    const app = await registerApp(t.db);
    const basic = { authorization: `Basic ${Buffer.from(`${app.client.client_id}:${app.secret}`).toString("base64")}` };
    const flood = Array.from({ length: TOKEN_ENDPOINT_BUDGET.points + 1 }, () =>
      post("/oauth/token", { grant_type: "refresh_token", refresh_token: "ort_x" }, basic),
    );
    const answers = await Promise.all(flood);
    const throttled = answers.filter((answer) => answer.status === 429);
    expect(throttled.length).toBeGreaterThanOrEqual(1);
    expect(Number(throttled[0]!.headers.get("retry-after"))).toBeGreaterThan(0);
    expect(await throttled[0]!.json()).toMatchObject({ error: "temporarily_unavailable" });
  });

  // Rotation in a long chain: every refresh hands out the next token (timing belongs in `npm run bench`, not here).
  it("60 sequential rotations each answer with a new refresh token", async () => {
    const as = await discover(t.server);
    const app = await registerApp(t.db);
    let { tokens } = await connect(t.server, as, app, { userId: t.org.ownerId, organizationId: t.org.id });
    const seen = new Set<string>();
    const first = tokens.refresh_token!;
    for (let i = 0; i < 60; i += 1) {
      const response = await refresh(as, app, tokens.refresh_token!);
      tokens = await oauth.processRefreshTokenResponse(as, app.client, response);
      seen.add(tokens.refresh_token!);
    }
    expect(seen.size).toBe(60);
    expect(seen.has(first)).toBe(false);
  });
});

describe("who spends whose budget (second audit, M3)", () => {
  const from = (address: string) => ({ "x-forwarded-for": address });

  it("failed client authentications are counted per client and address; the real client, elsewhere, is unaffected", async () => {
    const as = await discover(t.server);
    const app = await registerApp(t.db);
    const { tokens } = await connect(t.server, as, app, { userId: t.org.ownerId, organizationId: t.org.id });
    const wrong = { authorization: `Basic ${Buffer.from(`${app.client.client_id}:not-the-secret`).toString("base64")}` };
    const statuses: number[] = [];
    for (let i = 0; i <= CLIENT_AUTHENTICATION_FAILURES.points; i += 1) {
      statuses.push((await post("/oauth/token", { grant_type: "refresh_token", refresh_token: "ort_x" }, { ...wrong, ...from("203.0.113.7") })).status);
    }
    expect(statuses.slice(0, -1).every((status) => status === 401)).toBe(true);
    expect(statuses.at(-1)).toBe(429);
    // Locked for that client from that address, even with the right secret…
    const basic = { authorization: `Basic ${Buffer.from(`${app.client.client_id}:${app.secret}`).toString("base64")}` };
    expect((await post("/oauth/revoke", { token: "ort_x" }, { ...basic, ...from("203.0.113.7") })).status).toBe(429);
    // …while the platform's own workers (another address) refresh as usual.
    const refreshed = await post("/oauth/token", { grant_type: "refresh_token", refresh_token: tokens.refresh_token! }, { ...basic, ...from("198.51.100.20") });
    expect(refreshed.status).toBe(200);
  });

  it("unknown client ids and malformed credentials are failures of that address too", async () => {
    const statuses: number[] = [];
    for (let i = 0; i <= CLIENT_AUTHENTICATION_FAILURES.points; i += 1) {
      statuses.push((await post("/oauth/revoke", { token: "x", client_id: "cli_guess" }, from("203.0.113.8"))).status);
    }
    expect(statuses.slice(0, -1).every((status) => status === 401)).toBe(true);
    expect(statuses.at(-1)).toBe(429);
  });

  it("knowing a public client's id spends only the budget of one's own address", async () => {
    const as = await discover(t.server);
    const app = await registerApp(t.db, { isPublic: true });
    const { tokens } = await connect(t.server, as, app, { userId: t.org.ownerId, organizationId: t.org.id });
    const flood = Array.from({ length: TOKEN_ENDPOINT_BUDGET.points + 1 }, () =>
      post("/oauth/token", { grant_type: "refresh_token", refresh_token: "ort_x", client_id: app.client.client_id }, from("203.0.113.9")),
    );
    const answers = await Promise.all(flood);
    expect(answers.some((answer) => answer.status === 429)).toBe(true);
    const refreshed = await post(
      "/oauth/token",
      { grant_type: "refresh_token", refresh_token: tokens.refresh_token!, client_id: app.client.client_id },
      from("198.51.100.21"),
    );
    expect(refreshed.status).toBe(200);
  });
});
