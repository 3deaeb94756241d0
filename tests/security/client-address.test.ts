import { spawn } from "node:child_process";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { afterAll, describe, expect, it } from "vitest";
import { clearTestConfiguration, configureForTests } from "../../server/config/config";
import { SIGN_UP_BUDGETS } from "../../server/auth/abuse-throttle";
import { useApiTest } from "../support/api-test";
import { callTrpc } from "./support/dashboard-session";

/**
 * Second audit, L9: per-address budgets key on an address the client cannot
 * choose. Behind N proxies only the entry the outermost proxy wrote counts;
 * with no proxy (`direct`) the server replaces X-Forwarded-For with the
 * connection's own peer before the app reads it; and production refuses to
 * start without one of those choices (tests/security/hardening.test.ts).
 */
const t = useApiTest();
afterAll(() => clearTestConfiguration("TRUSTED_PROXY_HOPS"));

const ROOT = path.resolve(import.meta.dirname, "../..");

describe("behind two proxies", () => {
  it("entries the client wrote are ignored: varying them does not escape the per-address sign-up budget", async () => {
    configureForTests({ TRUSTED_PROXY_HOPS: 2 });
    const statuses: number[] = [];
    for (let i = 0; i <= SIGN_UP_BUDGETS.perAddress.points; i += 1) {
      const response = await callTrpc(t.server, "account.signUp", {
        mutation: true,
        input: { name: "Spoofer", email: `spoof-${i}@example.test`, password: "a long password", organizationName: "Spoof" },
        // client-written, the address the outer proxy saw, the inner proxy
        headers: { "x-forwarded-for": `203.0.113.${i}, 198.51.100.200, 10.0.0.2` },
      });
      statuses.push(response.status);
    }
    expect(statuses.slice(0, -1).every((status) => status === 200)).toBe(true);
    expect(statuses.at(-1)).toBe(429);
  });
});

describe("direct (no proxy): the server records the peer itself", () => {
  it("an X-Forwarded-For sent by the client is replaced by the connection's address before the app reads it", async () => {
    const preload = pathToFileURL(path.join(ROOT, "server/http/direct-peer-address.mjs")).href;
    // A plain Node HTTP server, as Next's own, with the preload `npm start` adds for TRUSTED_PROXY_HOPS=direct.
    const script = `
      const http = require("node:http");
      const server = http.createServer((req, res) => res.end(String(req.headers["x-forwarded-for"])));
      server.listen(0, "127.0.0.1", () => console.log(server.address().port));
      process.stdin.on("end", () => server.close()).resume();`;
    const child = spawn(process.execPath, ["--import", preload, "-e", script], { stdio: ["pipe", "pipe", "inherit"] });
    try {
      const port = await new Promise<string>((resolve) => child.stdout.once("data", (chunk: Buffer) => resolve(chunk.toString().trim())));
      const spoofed = await fetch(`http://127.0.0.1:${port}/`, { headers: { "x-forwarded-for": "6.6.6.6" } });
      expect(await spoofed.text()).toBe("127.0.0.1");
      const plain = await fetch(`http://127.0.0.1:${port}/`);
      expect(await plain.text()).toBe("127.0.0.1");
    } finally {
      child.stdin.end();
      await new Promise((resolve) => child.once("exit", resolve));
    }
  });
});
