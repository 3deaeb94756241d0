import { execFileSync } from "node:child_process";
import { mkdtempSync, mkdirSync, readFileSync, readdirSync, rmSync } from "node:fs";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { afterAll, describe, expect, it } from "vitest";
import { signatureHeaders } from "../../server/webhooks/signature";
import { useApiTest } from "../support/api-test";

/**
 * lib/api-client as the installable package integrators get: built and
 * packed by `npm run api-client:pack`, unpacked, and used from the tarball's
 * own files: the typed client calls the API, and the webhook helper verifies
 * the signature headers the delivery engine sends, across a secret rotation.
 */

const t = useApiTest();
const root = path.resolve(import.meta.dirname, "../..");
// Under the repository, so the unpacked package resolves openapi-fetch from our node_modules as an installed one would.
const scratchRoot = path.join(root, ".data/test-api-client");
mkdirSync(scratchRoot, { recursive: true });
const scratch = mkdtempSync(path.join(scratchRoot, "pack-"));

afterAll(() => rmSync(scratch, { recursive: true, force: true }));

function pack(): string {
  const output = execFileSync(process.execPath, [path.join(root, "node_modules/tsx/dist/cli.mjs"), "scripts/pack-api-client.ts", scratch], {
    cwd: root,
    encoding: "utf8",
  });
  const tarball = output.trim().split("\n").at(-1)!;
  execFileSync("tar", ["xzf", tarball, "-C", scratch]);
  return path.join(scratch, "package");
}

describe("the @inmo/api-client package", () => {
  it("packs with its README, compiled code, declarations and the API's types, and works from the tarball", { timeout: 120_000 }, async () => {
    const unpacked = pack();
    expect(readdirSync(path.join(unpacked, "dist")).sort()).toEqual(
      ["index.d.ts", "index.js", "schema.d.ts", "webhook-signature.d.ts", "webhook-signature.js"].sort(),
    );
    expect(readFileSync(path.join(unpacked, "README.md"), "utf8")).toContain("verifyWebhookSignature");
    const manifest = JSON.parse(readFileSync(path.join(unpacked, "package.json"), "utf8")) as { name: string; dependencies: Record<string, string> };
    const ours = JSON.parse(readFileSync(path.join(root, "package.json"), "utf8")) as { devDependencies: Record<string, string> };
    expect(manifest.name).toBe("@inmo/api-client");
    expect(manifest.dependencies["openapi-fetch"]).toBe(ours.devDependencies["openapi-fetch"]);

    const client = (await import(pathToFileURL(path.join(unpacked, "dist/index.js")).href)) as typeof import("../../lib/api-client");
    const { data, response } = await client.createApiClient(t.server.baseUrl, t.org.key).GET("/me");
    expect(response.status).toBe(200);
    expect(data?.organization.id).toBe(t.org.id);

    // The helper accepts exactly what the delivery engine sends, before, during and after a rotation.
    const body = JSON.stringify({ id: "evt_1", type: "lead.created" });
    const during = signatureHeaders(body, "whsec_new", "whsec_old");
    expect(client.verifyWebhookSignature(body, during, "whsec_old")).toBe(true);
    expect(client.verifyWebhookSignature(Buffer.from(body), during, ["whsec_new"])).toBe(true);
    expect(client.verifyWebhookSignature(body, during, "whsec_other")).toBe(false);
    expect(client.verifyWebhookSignature(`${body} `, during, "whsec_new")).toBe(false);
    const single = new Headers({ "X-Service-Signature": signatureHeaders(body, "whsec_new", null)["X-Service-Signature"]! });
    expect(client.verifyWebhookSignature(body, single, "whsec_new")).toBe(true);
  });
});
