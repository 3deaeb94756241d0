import { describe, expect, it } from "vitest";
import { translate } from "../../server/i18n/messages";
import { isRegisteredRedirectUri, redirectUriProblem as problemKey } from "../../server/oauth/redirect-uris";

/** The reason a developer reads (the rule answers a message key). */
const redirectUriProblem = (value: string) => {
  const key = problemKey(value);
  return key === null ? null : translate(key, "en");
};

describe("redirect URI rules", () => {
  it("accepts https and loopback http, refuses everything else", () => {
    expect(redirectUriProblem("https://zapier.com/dashboard/auth/oauth/return/App1/")).toBeNull();
    expect(redirectUriProblem("http://localhost:5678/rest/oauth2-credential/callback")).toBeNull();
    expect(redirectUriProblem("http://127.0.0.1:8080/cb")).toBeNull();
    expect(redirectUriProblem("http://[::1]/cb")).toBeNull();
    expect(redirectUriProblem("http://n8n.example.com/cb")).toMatch(/https/);
    expect(redirectUriProblem("https://app.example/cb#frag")).toMatch(/fragment/);
    expect(redirectUriProblem("https://user:pw@app.example/cb")).toMatch(/credentials/);
    expect(redirectUriProblem("javascript:alert(1)")).toMatch(/https/);
    expect(redirectUriProblem("/relative")).toMatch(/absolute/);
  });

  it("matches exactly: no prefix, case, trailing-slash or path-traversal leeway", () => {
    const registered = ["https://zap.example/oauth/return"];
    expect(isRegisteredRedirectUri(registered, "https://zap.example/oauth/return")).toBe(true);
    for (const candidate of [
      "https://zap.example/oauth/return/",
      "https://zap.example/oauth/return/../evil",
      "https://zap.example/oauth/return?x=1",
      "https://ZAP.example/oauth/return",
      "https://zap.example.evil.test/oauth/return",
    ]) {
      expect(isRegisteredRedirectUri(registered, candidate)).toBe(false);
    }
  });
});
