import SwaggerParser from "@apidevtools/swagger-parser";
import { beforeAll, describe, expect, it } from "vitest";
import { useApiTest } from "../support/api-test";
import type { Json } from "./helpers";

const t = useApiTest({ organization: false });
let document: Json;

beforeAll(async () => {
  document = await (await t.server.api("/openapi.json")).json();
});

describe("the catalog in the OpenAPI document", () => {
  it.each([
    ["/projects", "get", "projects:read", "200"],
    ["/projects", "post", "projects:write", "201"],
    ["/projects/{projectId}", "get", "projects:read", "200"],
    ["/projects/{projectId}", "put", "projects:write", "200"],
    ["/projects/{projectId}", "delete", "projects:write", "200"],
    ["/projects/{projectId}/units", "get", "projects:read", "200"],
    ["/projects/{projectId}/units", "post", "projects:write", "201"],
    ["/projects/{projectId}/units/{unitId}", "patch", "projects:write", "200"],
  ])("%s %s needs %s and answers %s", (path, method, scope, status) => {
    const operation = document.paths[path]?.[method];
    expect(operation).toBeDefined();
    expect(operation["x-required-scope"]).toBe(scope);
    expect(Object.keys(operation.responses)).toContain(status);
  });

  it("documents number fields as numbers with their bounds", () => {
    const project = document.paths["/projects"].post.requestBody.content["application/json"].schema.properties;
    expect(project.name.type).toBe("string");
    const salePrice = project.salePrice.anyOf.find((branch: Json) => branch.type !== "null");
    expect(salePrice).toMatchObject({ type: "number", minimum: 0 });
    expect(project.salePrice.anyOf).toContainEqual({ type: "null" });
    const unit = document.paths["/projects/{projectId}/units"].post.requestBody.content["application/json"].schema.properties;
    expect(unit.price.type).toBe("integer");
    expect(unit.price.minimum).toBe(0);
    expect(unit.price.maximum).toBe(Number.MAX_SAFE_INTEGER);
  });

  it("is a valid OpenAPI document", async () => {
    await expect(SwaggerParser.validate(structuredClone(document))).resolves.toBeDefined();
  });
});
