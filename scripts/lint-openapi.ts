/**
 * `npm run lint:openapi`: lints the OpenAPI document the API serves with
 * Redocly's recommended rules (configured in redocly.yaml), exactly as built
 * at run time, for the public origin (`NEXTAUTH_URL`, else inmo's example
 * origin). Exits non-zero on any error or warning.
 */
import { spawnSync } from "node:child_process";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { config } from "../server/config/config";
import { getOpenApiDocument } from "../server/http/openapi-document";

const origin = config().NEXTAUTH_URL?.replace(/\/+$/, "") || "https://app.inmo.example";
const dir = mkdtempSync(path.join(tmpdir(), "inmo-openapi-"));
const file = path.join(dir, "openapi.json");
try {
  writeFileSync(file, JSON.stringify(getOpenApiDocument(origin), null, 2));
  const redocly = path.resolve(import.meta.dirname, "../node_modules/.bin/redocly");
  const result = spawnSync(redocly, ["lint", file, "--max-problems", "200", "--config", path.resolve(import.meta.dirname, "../redocly.yaml")], {
    stdio: "inherit",
    env: { ...process.env, REDOCLY_TELEMETRY: "off", REDOCLY_SUPPRESS_UPDATE_NOTICE: "true" },
  });
  process.exitCode = result.status ?? 1;
} finally {
  rmSync(dir, { recursive: true, force: true });
}
