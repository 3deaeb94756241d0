import * as oauth from "oauth4webapi";
import { describe, expect, it } from "vitest";
import { TOKEN_ENDPOINT_BUDGET } from "../../server/oauth/token-endpoint";
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

  it("answers 429 with Retry-After when a client floods it (temporary for the platforms, never invalid_grant)", async () => {
    const flood = Array.from({ length: TOKEN_ENDPOINT_BUDGET.points + 1 }, () =>
      post("/oauth/token", { grant_type: "refresh_token", refresh_token: "ort_x", client_id: "cli_flooding" }),
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
