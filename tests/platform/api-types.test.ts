import { readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { renderApiTypes } from "../../scripts/api-types-render";

/**
 * lib/api-client/schema.d.ts (the typed client our browser tests and
 * integrators use) is what openapi-typescript makes of the document the API
 * serves today: a change to a route, schema or description without
 * `npm run api:types` fails here instead of drifting silently.
 */
describe("the generated API types", () => {
  it("match the served OpenAPI document (run `npm run api:types` after changing the API)", async () => {
    const committed = readFileSync(path.resolve(import.meta.dirname, "../../lib/api-client/schema.d.ts"), "utf8");
    const fresh = await renderApiTypes();
    expect(committed === fresh, "lib/api-client/schema.d.ts is stale: run `npm run api:types`").toBe(true);
  });
});
