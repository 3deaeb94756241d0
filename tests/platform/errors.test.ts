import { beforeAll, describe, expect, it } from "vitest";
import { databaseErrorKind } from "../../server/errors/database-error";
import { renderError } from "../../server/errors/render-error";
import { seedApiKey, seedOrganization, type SeededOrganization } from "../support/factories";
import { useApiTest } from "../support/api-test";

const t = useApiTest();
let spanish: SeededOrganization;

beforeAll(async () => {
  spanish = await seedOrganization(t.db, { rateLimitExempt: true, locale: "es" });
});

async function envelope(response: Response) {
  expect(response.headers.get("content-type")).toMatch(/^application\/json/);
  const text = await response.text();
  const body = JSON.parse(text) as { error: { message: string; code: string } };
  expect(Object.keys(body)).toEqual(["error"]);
  expect(Object.keys(body.error).sort()).toEqual(["code", "message"]);
  expect(text).not.toMatch(/stack|prisma|trpc|issues/i);
  return body.error;
}

describe("the error envelope on the REST door", () => {
  it("unknown route: 404 NOT_FOUND", async () => {
    const response = await t.server.api("/no-such-thing/here", { token: t.org.key });
    expect(response.status).toBe(404);
    expect(await envelope(response)).toEqual({ code: "NOT_FOUND", message: "No endpoint GET /no-such-thing/here." });
  });

  it("unknown route without a bearer is still a 404, not a 401", async () => {
    const response = await t.server.api("/nope");
    expect(response.status).toBe(404);
    expect((await envelope(response)).code).toBe("NOT_FOUND");
  });

  it("wrong method on a known path: 405 with Allow", async () => {
    const response = await t.server.api("/me", { token: t.org.key, method: "POST", json: {} });
    expect(response.status).toBe(405);
    expect(response.headers.get("allow")).toBe("GET");
    expect((await envelope(response)).code).toBe("METHOD_NOT_ALLOWED");
  });

  it("malformed JSON: 400 BAD_REQUEST", async () => {
    const response = await t.server.api("/leads", {
      token: t.org.key,
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: '{"email": "a@b.co",',
    });
    expect(response.status).toBe(400);
    expect(await envelope(response)).toEqual({ code: "BAD_REQUEST", message: "Malformed JSON body." });
  });

  it("a body that is not JSON: 400 BAD_REQUEST", async () => {
    const response = await t.server.api("/leads", {
      token: t.org.key,
      method: "POST",
      headers: { "Content-Type": "text/plain" },
      body: "email=a@b.co",
    });
    expect(response.status).toBe(400);
    expect((await envelope(response)).code).toBe("BAD_REQUEST");
  });

  it("a body over 1 MB: 400 BAD_REQUEST", async () => {
    const response = await t.server.api("/leads", { token: t.org.key, method: "POST", json: { notes: "x".repeat(1_100_000) } });
    expect(response.status).toBe(400);
    expect((await envelope(response)).message).toMatch(/too large/i);
  });

  it("zod failures: 400 VALIDATION_ERROR listing `path: reason` joined by `; `", async () => {
    const response = await t.server.api("/leads?limit=0&offset=-1", { token: t.org.key });
    expect(response.status).toBe(400);
    const error = await envelope(response);
    expect(error.code).toBe("VALIDATION_ERROR");
    const parts = error.message.split("; ");
    expect(parts).toHaveLength(2);
    expect(parts[0]).toMatch(/^limit: .+/);
    expect(parts[1]).toMatch(/^offset: .+/);
  });

  it("auth errors come before validation", async () => {
    const response = await t.server.api("/leads?limit=0");
    expect(response.status).toBe(401);
  });

  it("messages follow the organization's language", async () => {
    const { key } = await seedApiKey(t.db, spanish.id, { scopes: [] });
    const response = await t.server.api("/leads", { token: key });
    expect(response.status).toBe(403);
    expect(await envelope(response)).toEqual({
      code: "FORBIDDEN",
      message: "Esta credencial no tiene el permiso requerido: leads:read.",
    });
  });

  it("successful responses are JSON and never cached", async () => {
    const response = await t.server.api("/me", { token: t.org.key });
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toMatch(/^application\/json/);
    expect(response.headers.get("cache-control")).toBe("no-store");
  });
});

describe("database errors no area gave a meaning to", () => {
  /** The error a write fails with, from the real database. */
  async function failureOf(write: () => Promise<unknown>): Promise<unknown> {
    try {
      await write();
    } catch (error) {
      return error;
    }
    throw new Error("expected the write to fail");
  }
  const duplicateSlug = () => failureOf(() => t.db.organization.create({ data: { name: "Twin", slug: spanish.slug } }));

  it("a unique violation is 409 CONFLICT, in the organization's language", async () => {
    const error = await duplicateSlug();
    expect(databaseErrorKind(error)).toBe("uniqueViolation");
    expect(renderError(error)).toEqual({ status: 409, code: "CONFLICT", message: "This conflicts with a record that already exists.", headers: {} });
    expect(renderError(error, "es").message).toBe("Esto entra en conflicto con un registro que ya existe.");
  });

  it("the same in raw SQL (PostgreSQL's 23505)", async () => {
    const error = await failureOf(() => t.db.$executeRaw`UPDATE "Organization" SET slug = ${spanish.slug} WHERE id = ${t.org.id}::uuid`);
    expect(renderError(error)).toMatchObject({ status: 409, code: "CONFLICT" });
  });

  it("a record that vanished under the write is 404 NOT_FOUND", async () => {
    const error = await failureOf(() => t.db.organization.update({ where: { id: "00000000-0000-4000-8000-000000000000" }, data: { name: "Gone" } }));
    expect(databaseErrorKind(error)).toBe("recordNotFound");
    expect(renderError(error)).toEqual({ status: 404, code: "NOT_FOUND", message: "The record was not found; it may have just been deleted.", headers: {} });
  });

  it("wrapped by tRPC as the doors see it, the mapping holds", async () => {
    const { TRPCError } = await import("@trpc/server");
    const error = await duplicateSlug();
    expect(renderError(new TRPCError({ code: "INTERNAL_SERVER_ERROR", cause: error }))).toMatchObject({ status: 409, code: "CONFLICT" });
  });

  it("any other database error stays a 500 that reveals nothing", async () => {
    const error = await failureOf(() => t.db.$executeRaw`SELECT 1 / 0`);
    expect(databaseErrorKind(error)).toBeNull();
    expect(renderError(error)).toEqual({
      status: 500,
      code: "INTERNAL_ERROR",
      message: "Unexpected error. It is safe to retry after a short backoff.",
      headers: {},
    });
  });
});
