import { describe, expect, it } from "vitest";
import { useApiTest } from "../support/api-test";

const t = useApiTest();

/**
 * A JSON answer of the REST door is written whole (one write, its length
 * known): the body, its Content-Length and the request id arrive as with a
 * streamed body, for a success and for an error envelope alike.
 */
describe("a JSON answer through the Node server", () => {
  it("a success: the JSON body with its length and request id", async () => {
    const answer = await t.server.api("/me", { token: t.org.key });
    const text = await answer.text();
    expect(answer.status).toBe(200);
    expect(answer.headers.get("content-type")).toMatch(/^application\/json/);
    expect(answer.headers.get("content-length")).toBe(String(Buffer.byteLength(text)));
    expect(answer.headers.get("x-request-id")).toMatch(/^[0-9a-f-]{36}$/);
    expect(JSON.parse(text)).toMatchObject({ organization: { id: t.org.id } });
  });

  it("an error: the contract's envelope with its length and request id", async () => {
    const answer = await t.server.api("/me", { token: "not-a-key" });
    const text = await answer.text();
    expect(answer.status).toBe(401);
    expect(answer.headers.get("content-length")).toBe(String(Buffer.byteLength(text)));
    expect(answer.headers.get("x-request-id")).toMatch(/^[0-9a-f-]{36}$/);
    expect(JSON.parse(text)).toMatchObject({ error: { code: expect.any(String) } });
  });
});
