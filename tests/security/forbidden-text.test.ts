import { describe, expect, it } from "vitest";
import { findForbiddenText } from "../../server/api/forbidden-text";
import { useApiTest } from "../support/api-test";
import { callTrpc, sessionCookie } from "./support/dashboard-session";

/**
 * Finding 6: a NUL (which PostgreSQL text cannot store) or another control
 * character in any string field or query parameter is a 400 VALIDATION_ERROR
 * naming the field, never a 500. The rule sits in front of every procedure,
 * so the fuzz test (fuzz-operations.test.ts) checks it for every operation.
 */
const t = useApiTest();

async function expectValidation(response: Response, field: string) {
  expect(response.status).toBe(400);
  const body = (await response.json()) as { error: { code: string; message: string } };
  expect(body.error.code).toBe("VALIDATION_ERROR");
  expect(body.error.message.startsWith(`${field}: `), body.error.message).toBe(true);
  return body.error.message;
}

describe("control characters in input", () => {
  it("the three 500s of the review are now 400s naming the field", async () => {
    const api = (path: string, init: Parameters<typeof t.server.api>[1] = {}) => t.server.api(path, { token: t.org.key, ...init });
    expect(await expectValidation(await api("/leads", { method: "POST", json: { firstName: "a\u0000b" } }), "firstName")).toContain("U+0000");
    await expectValidation(await api("/leads?query=%00"), "query");
    await expectValidation(await api("/leads/search?email=%00"), "email");
    expect(await t.db.lead.count({ where: { organizationId: t.org.id } })).toBe(0);
  });

  it("nested fields, keys and unpaired surrogates are named too", async () => {
    const create = (json: unknown) => t.server.api("/leads", { token: t.org.key, method: "POST", json });
    await expectValidation(await create({ email: "a@b.co", customFields: { note: "x\u0007y" } }), "customFields.note");
    await expectValidation(await create({ email: "a@b.co", customFields: { "bad\u0000key": "v" } }), "customFields.bad?key");
    const surrogate = await t.server.api("/leads", {
      token: t.org.key,
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: '{"firstName":"\\ud800"}',
    });
    expect(await expectValidation(surrogate, "firstName")).toContain("unpaired surrogate");
  });

  it("tab, line feed and carriage return stay allowed", async () => {
    const response = await t.server.api("/leads", { token: t.org.key, method: "POST", json: { email: "tabs@b.co", notes: "line 1\r\nline\t2" } });
    expect(response.status).toBe(201);
  });

  it("the dashboard door refuses them the same way", async () => {
    const cookie = await sessionCookie({ userId: t.org.ownerId, organizationId: t.org.id });
    const response = await callTrpc(t.server, "leads.create", { cookie, mutation: true, input: { firstName: "a\u0000b" } });
    expect(response.status).toBe(400);
    const body = (await response.json()) as { error: { message: string } };
    expect(body.error.message).toMatch(/^firstName: must not contain control characters \(U\+0000\)/);
  });

  it.each([
    ["a\u0000b", "U+0000"],
    ["\u001b[31m", "U+001B"],
    ["\u007f", "U+007F"],
    ["\u000b", "U+000B"],
    ["\udc00", "unpaired surrogate"],
  ])("findForbiddenText refuses %j", (text, reason) => {
    expect(findForbiddenText({ a: [{ b: text }] })).toEqual({ path: "a.0.b", reason: expect.stringContaining(reason) });
  });

  it.each(["plain", "tab\there", "lines\r\n", "emoji 😀", "accents ñáé", "\u0085 C1 stays", "zero\u200bwidth"])("findForbiddenText accepts %j", (text) => {
    expect(findForbiddenText({ text })).toBeNull();
  });

  it("walks deep nesting without recursion", () => {
    let value: unknown = "\u0000";
    for (let depth = 0; depth < 100_000; depth += 1) value = [value];
    expect(findForbiddenText(value)?.reason).toContain("U+0000");
  });
});
