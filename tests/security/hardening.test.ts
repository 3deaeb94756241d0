import { spawn } from "node:child_process";
import { existsSync, readFileSync, statSync } from "node:fs";
import { mkdtemp, rm } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { fetchRequestHandler } from "@trpc/server/adapters/fetch";
import pg from "pg";
import { describe, expect, it } from "vitest";
import { z } from "zod";
import { createTRPCRouter, publicProcedure } from "../../server/api/trpc";
import { safeCallbackUrl } from "../../server/auth/callback-url";
import { embeddedPasswordFile, startEmbeddedPostgres } from "../../server/db/embedded-postgres";
import { CONSENT_FORM_ACTION, contentSecurityPolicy, HSTS, securityHeaderRules, securityHeadersFor } from "../../server/http/security-headers";
import { readConfiguration } from "../../server/config/config";
import { productionSettingsProblems } from "../../server/system/production-settings";

/** Findings 2 and 4: no open redirect; headers, production settings, the embedded database's password, output failures. */

describe("no open redirect after sign-in", () => {
  const ORIGIN = "https://app.example";
  it.each([
    // [callbackUrl as received, where sign-in goes]; refused addresses land on the home overview
    ["/leads/lead_1?tab=notes#top", "/leads/lead_1?tab=notes#top"],
    ["/settings", "/settings"],
    [`${ORIGIN}/projects`, "/projects"],
    ["//evil.com", "/home"],
    ["///evil.com", "/home"],
    ["/\\evil.com", "/home"],
    ["\\\\evil.com", "/home"],
    ["/\t/evil.com", "/home"],
    ["/\r\n/evil.com", "/home"],
    ["\t//evil.com", "/home"],
    ["/.//evil.com", "/home"],
    ["/%2F%2Fevil.com", "/%2F%2Fevil.com"], // stays a path on our origin
    ["https://evil.com", "/home"],
    ["https://evil.com/leads", "/home"],
    [`${ORIGIN}.evil.com/x`, "/home"],
    [`${ORIGIN}@evil.com/x`, "/home"],
    ["http://app.example/leads", "/home"], // another scheme is another origin
    ["javascript:alert(1)", "/home"],
    ["data:text/html,<script>alert(1)</script>", "/home"],
    ["", "/home"],
    ["leads", "/leads"], // relative: resolves onto our origin
  ])("%j → %j", (input, expected) => {
    expect(safeCallbackUrl(input, ORIGIN)).toBe(expected);
  });

  it("works without knowing the origin (the sign-in page), refusing every absolute URL", () => {
    for (const input of ["/\t/evil.com", "//evil.com", "/\\evil.com", "https://evil.com", "%2F%2Fevil.com"]) {
      const result = safeCallbackUrl(input);
      expect(new URL(result, "https://anything.example").origin, input).toBe("https://anything.example");
      expect(result.startsWith("//"), input).toBe(false);
    }
    expect(safeCallbackUrl(["/a", "/b"])).toBe("/a");
    expect(safeCallbackUrl(undefined)).toBe("/home");
  });
});

describe("security headers", () => {
  const all = securityHeaderRules(false);
  const everywhere = Object.fromEntries(all[0]!.headers.map((h) => [h.key, h.value]));

  it("every response gets a CSP with frame-ancestors 'none', nosniff, a referrer policy and no framing", () => {
    expect(all[0]!.source).toBe("/:path*");
    expect(everywhere["Content-Security-Policy"]).toContain("frame-ancestors 'none'");
    expect(everywhere["Content-Security-Policy"]).toContain("default-src 'self'");
    expect(everywhere["Content-Security-Policy"]).not.toContain("unsafe-eval");
    expect(everywhere["X-Content-Type-Options"]).toBe("nosniff");
    expect(everywhere["Referrer-Policy"]).toBe("strict-origin-when-cross-origin");
    expect(everywhere["X-Frame-Options"]).toBe("DENY");
    expect(contentSecurityPolicy(true)).toContain("'unsafe-eval'");
  });

  it("every source of every policy is valid CSP (item 10: no `http://[::1]:*`, which browsers refuse and log on each load)", () => {
    const KEYWORD = /^'(self|none|unsafe-inline|unsafe-eval|strict-dynamic|unsafe-hashes|report-sample|wasm-unsafe-eval)'$/;
    const SCHEME = /^[a-z][a-z0-9+.-]*:$/i;
    // CSP3 host-source: [scheme "://"] ("*" / ["*."] host-char *("." host-char)) [":" (port / "*")] [path]; host-char = ALPHA / DIGIT / "-".
    const HOST = /^([a-z][a-z0-9+.-]*:\/\/)?(\*|(\*\.)?[a-z0-9-]+(\.[a-z0-9-]+)*)(:(\d+|\*))?(\/[^\s;,]*)?$/i;
    const policies = [...securityHeaderRules(false), ...securityHeaderRules(true)]
      .flatMap((rule) => rule.headers)
      .filter((header) => header.key === "Content-Security-Policy")
      .map((header) => header.value);
    expect(policies.some((policy) => policy.includes("form-action 'self' https:"))).toBe(true); // the consent page's is among them
    for (const policy of policies) {
      for (const directive of policy.split(";").map((part) => part.trim().split(/\s+/))) {
        for (const source of directive.slice(1)) expect(KEYWORD.test(source) || SCHEME.test(source) || HOST.test(source), `${directive[0]} ${source}`).toBe(true);
      }
    }
    expect(() => {
      if (!HOST.test("http://[::1]:*")) throw new Error("refused");
    }).toThrow("refused");
  });

  it("the REST door served outside Next (npm start's server) gets the same headers, HSTS only over https", () => {
    const plain = Object.fromEntries(securityHeadersFor("/api/v1/leads", new Headers()).map((h) => [h.key, h.value]));
    expect(plain).toEqual(everywhere);
    const overTls = securityHeadersFor("/api/v1/leads", new Headers({ "x-forwarded-proto": "https" }));
    expect(overTls).toContainEqual({ key: "Strict-Transport-Security", value: HSTS });
    // A rule for one page applies to that page only, replacing the header it names.
    const consent = Object.fromEntries(securityHeadersFor("/oauth/authorize", new Headers()).map((h) => [h.key, h.value]));
    expect(consent["Content-Security-Policy"]).toBe(contentSecurityPolicy(false, CONSENT_FORM_ACTION));
  });

  it("HSTS only on requests that arrived over https", () => {
    const hsts = all.find((rule) => rule.headers.some((h) => h.key === "Strict-Transport-Security"));
    expect(hsts?.has).toEqual([{ type: "header", key: "x-forwarded-proto", value: "https" }]);
    expect(hsts?.headers).toEqual([{ key: "Strict-Transport-Security", value: HSTS }]);
    expect(all[0]!.headers.some((h) => h.key === "Strict-Transport-Security")).toBe(false);
  });
});

function runStart(env: Record<string, string>): Promise<{ code: number | null; stderr: string }> {
  return new Promise((resolve) => {
    const child = spawn("node_modules/.bin/tsx", ["scripts/start.ts", "--no-build"], {
      env: { ...process.env, INMO_LOG: "silent", WEBHOOK_SECRET_KEY: "", INNGEST_DEV: "", TRUSTED_PROXY_HOPS: "", ...env },
      stdio: ["ignore", "ignore", "pipe"],
    });
    let stderr = "";
    child.stderr.on("data", (chunk: Buffer) => (stderr += chunk.toString()));
    const timer = setTimeout(() => child.kill("SIGKILL"), 45_000);
    child.on("exit", (code) => {
      clearTimeout(timer);
      resolve({ code, stderr });
    });
  });
}

describe("production settings that are refused", () => {
  const safe = { NEXTAUTH_URL: "https://crm.example", WEBHOOK_SECRET_KEY: "k".repeat(32), TRUSTED_PROXY_HOPS: "1" };
  const problems = (env: Record<string, string | undefined>) => productionSettingsProblems(readConfiguration(env));

  it("an http NEXTAUTH_URL, INNGEST_DEV, or no explicit WEBHOOK_SECRET_KEY are each a problem", () => {
    expect(problems(safe)).toEqual([]);
    expect(problems({ ...safe, INNGEST_DEV: "0" })).toEqual([]);
    expect(problems({ ...safe, NEXTAUTH_URL: "http://crm.example" })).toEqual([expect.stringMatching(/^NEXTAUTH_URL/)]);
    expect(problems({ ...safe, NEXTAUTH_URL: undefined })).toEqual([expect.stringMatching(/^NEXTAUTH_URL/)]);
    expect(problems({ ...safe, INNGEST_DEV: "1" })).toEqual([expect.stringMatching(/^INNGEST_DEV/)]);
    expect(problems({ ...safe, WEBHOOK_SECRET_KEY: " " })).toEqual([expect.stringMatching(/^WEBHOOK_SECRET_KEY/)]);
  });

  it("TRUSTED_PROXY_HOPS must be an explicit choice (L9): a number of proxies or `direct`", () => {
    expect(problems({ ...safe, TRUSTED_PROXY_HOPS: undefined })).toEqual([expect.stringMatching(/^TRUSTED_PROXY_HOPS must be set/)]);
    expect(problems({ ...safe, TRUSTED_PROXY_HOPS: "direct" })).toEqual([]);
    expect(problems({ ...safe, TRUSTED_PROXY_HOPS: "2" })).toEqual([]);
    for (const value of ["0", "two", "-1", "Direct"]) expect(() => readConfiguration({ ...safe, TRUSTED_PROXY_HOPS: value }), value).toThrow(/TRUSTED_PROXY_HOPS/);
  });

  it("npm start with NODE_ENV=production refuses to start, naming every problem, before touching a database", async () => {
    const result = await runStart({ NODE_ENV: "production", NEXTAUTH_URL: "http://crm.example", INNGEST_DEV: "1", DATABASE_URL: "postgres://nobody@127.0.0.1:1/none" });
    expect(result.code).toBe(1);
    expect(result.stderr).toMatch(/refusing to start in production/);
    expect(result.stderr).toMatch(/NEXTAUTH_URL must be the app's https origin/);
    expect(result.stderr).toMatch(/INNGEST_DEV must not be set/);
    expect(result.stderr).toMatch(/WEBHOOK_SECRET_KEY must be set explicitly/);
    expect(result.stderr).toMatch(/TRUSTED_PROXY_HOPS must be set/);
    expect(result.stderr).not.toMatch(/using the database/);
  }, 60_000);
});

describe("the embedded PostgreSQL's password", () => {
  it("is random per installation, kept in a 0600 file, and replaces the old fixed one on an existing cluster", async () => {
    const dir = await mkdtemp(path.join(os.tmpdir(), "inmo-pgpass-"));
    const { chmod } = await import("node:fs/promises");
    await chmod(dir, 0o755);
    const dataDir = path.join(dir, "postgres");
    const port = 20_000 + Math.floor(Math.random() * 20_000);
    try {
      const first = await startEmbeddedPostgres({ dataDir, port });
      const file = embeddedPasswordFile(dataDir);
      const password = readFileSync(file, "utf8").trim();
      expect(password).toMatch(/^[A-Za-z0-9_-]{32}$/);
      expect(statSync(file).mode & 0o777).toBe(0o600);
      expect(decodeURIComponent(new URL(first.url).password)).toBe(password);
      expect(first.url).not.toContain("inmo-embedded");

      // The old fixed password no longer opens it.
      const legacy = new pg.Client({ connectionString: `postgresql://inmo:inmo-embedded@127.0.0.1:${port}/inmo` });
      await expect(legacy.connect()).rejects.toThrow(/password/);

      // A cluster from before (fixed password, no file): its next start gives it a random one.
      const admin = new pg.Client({ connectionString: first.url });
      await admin.connect();
      await admin.query(`alter role inmo with password 'inmo-embedded'`);
      await admin.end();
      await first.stop();
      await rm(file);
      const second = await startEmbeddedPostgres({ dataDir, port });
      expect(existsSync(file)).toBe(true);
      const rotated = readFileSync(file, "utf8").trim();
      expect(rotated).not.toBe("inmo-embedded");
      const client = new pg.Client({ connectionString: second.url });
      await client.connect();
      await client.end();
      await second.stop();
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  }, 60_000);
});

describe("a procedure whose answer fails its own output schema", () => {
  const router = createTRPCRouter({
    broken: publicProcedure.output(z.object({ count: z.number() })).query(() => ({ count: "many" }) as unknown as { count: number }),
  });

  it("is a 500 INTERNAL_ERROR (our bug), not a 400 for the client, and goes to the error log", async () => {
    const logged: unknown[] = [];
    const response = await fetchRequestHandler({
      endpoint: "/api/trpc",
      req: new Request("http://app/api/trpc/broken"),
      router,
      createContext: () => ({ db: undefined as never, door: "trpc" as const, auth: { status: "anonymous" as const }, response: { headers: new Headers() } }),
      onError: ({ error }) => logged.push(error),
    });
    expect(response.status).toBe(500);
    const body = (await response.json()) as { error: { message: string; data: { api: { code: string } } } };
    expect(body.error.data.api.code).toBe("INTERNAL_ERROR");
    expect(body.error.message).not.toMatch(/count/);
    expect(logged).toHaveLength(1);
  });
});
