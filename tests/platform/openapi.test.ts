import SwaggerParser from "@apidevtools/swagger-parser";
import { describe, expect, it } from "vitest";
import { ERROR_STATUS, wireCode, type ApiErrorCode } from "../../server/errors/api-error";
import { useApiTest } from "../support/api-test";

const t = useApiTest({ organization: false });

type Operation = {
  security?: unknown[];
  responses: Record<string, { content?: { "application/json"?: { schema?: { $ref?: string } } } }>;
  "x-required-scope"?: string | null;
  description?: string;
  parameters?: { in: string; name: string }[];
};

describe("GET /api/v1/openapi.json", () => {
  it("is a valid OpenAPI 3 document (swagger-parser)", async () => {
    const response = await t.server.api("/openapi.json");
    expect(response.status).toBe(200);
    const document = (await response.json()) as Record<string, unknown>;
    expect(String(document.openapi)).toMatch(/^3\./);
    await expect(SwaggerParser.validate(structuredClone(document) as never)).resolves.toBeTruthy();
  });

  it("documents bearer security, scopes, the error envelope and the open decisions", async () => {
    const document = (await (await t.server.api("/openapi.json")).json()) as {
      info: { description: string };
      paths: Record<string, Record<string, Operation>>;
      components: { securitySchemes: Record<string, { type: string; scheme: string }>; schemas: Record<string, unknown> };
    };
    expect(document.components.securitySchemes.bearerAuth).toMatchObject({ type: "http", scheme: "bearer" });
    expect(document.components.schemas.Error).toBeTruthy();
    expect(document.info.description).toContain("Decisions where the contract is silent");

    const health = document.paths["/health"]?.get;
    // Anonymous, and saying so: `security: []` overrides nothing because the document sets no global requirement.
    expect(health?.security).toEqual([]);
    expect(Object.keys(health?.responses ?? {})).toEqual(expect.arrayContaining(["200", "503"]));

    const me = document.paths["/me"]?.get;
    expect(me?.security).toEqual([{ bearerAuth: [] }]);
    expect(me?.["x-required-scope"]).toBeNull();

    let operations = 0;
    for (const [path, methods] of Object.entries(document.paths)) {
      for (const [method, operation] of Object.entries(methods)) {
        if (path === "/health") continue;
        operations++;
        expect(operation.security, `${method} ${path}`).toEqual([{ bearerAuth: [] }]);
        for (const status of ["401", "403", "429", "500"]) {
          expect(operation.responses[status]?.content?.["application/json"]?.schema?.$ref, `${method} ${path} ${status}`).toBe(
            "#/components/schemas/Error",
          );
        }
        if (operation["x-required-scope"]) expect(operation.description).toContain(operation["x-required-scope"]);
        const headerNames = (operation.parameters ?? []).filter((p) => p.in === "header").map((p) => p.name);
        expect(headerNames.includes("Idempotency-Key"), `${method} ${path} Idempotency-Key`).toBe(method === "post");
      }
    }
    expect(operations).toBeGreaterThanOrEqual(1);
  });

  it("the error codes it lists are the error table's, as they appear on the wire", async () => {
    const document = (await (await t.server.api("/openapi.json")).json()) as {
      components: { schemas: { Error: { properties: { error: { properties: { code: { enum: string[] } } } } } } };
    };
    const listed = document.components.schemas.Error.properties.error.properties.code.enum;
    const table = (Object.keys(ERROR_STATUS) as ApiErrorCode[]).map(wireCode);
    expect([...listed].sort()).toEqual([...new Set(table)].sort());
    expect(listed).not.toContain("RATE_LIMITED"); // a 429 carries BAD_REQUEST, per the contract
  });

  it("names the server by the request's own origin and no component goes unused", async () => {
    const response = await t.server.api("/openapi.json");
    const document = (await response.json()) as { servers: { url: string }[]; components: { schemas: Record<string, unknown> } };
    expect(document.servers).toEqual([{ url: `${new URL(response.url).origin}/api/v1` }]);
    expect(Object.keys(document.components.schemas).filter((name) => name.startsWith("error."))).toEqual([]);
  });
});
