import http from "node:http";
import { describe, expect, it } from "vitest";
import { MAX_BODY_BYTES, readBoundedBody } from "../../server/http/bounded-body";
import { useApiTest } from "../support/api-test";

/**
 * Finding 3: bodies are bounded while they stream, on both doors, before
 * authentication. A chunked body carries no Content-Length, so the only bound
 * that holds is counting bytes as they are read and stopping.
 */
const t = useApiTest();

const CHUNK = Buffer.alloc(64 * 1024, "a");
const GIVE_UP_AFTER = 64 * 1024 * 1024;

/** Sends an endless chunked body (respecting backpressure) and reports how much went out before the answer came. */
function sendEndlessBody(url: string, headers: Record<string, string> = {}) {
  return new Promise<{ status: number; body: string; sentBeforeAnswer: number }>((resolve, reject) => {
    let sent = 0;
    let answered = false;
    const request = http.request(url, { method: "POST", headers: { "Content-Type": "application/json", ...headers } });
    request.on("response", (response) => {
      answered = true;
      const sentBeforeAnswer = sent;
      let body = "";
      response.on("data", (chunk: Buffer) => (body += chunk.toString()));
      response.on("end", () => {
        request.destroy();
        resolve({ status: response.statusCode ?? 0, body, sentBeforeAnswer });
      });
    });
    request.on("error", (error) => {
      if (!answered) reject(error);
    });
    const pump = () => {
      while (!answered && sent < GIVE_UP_AFTER) {
        sent += CHUNK.length;
        if (!request.write(CHUNK)) return void request.once("drain", pump);
      }
      if (!answered) request.end();
    };
    pump();
  });
}

describe("request bodies are bounded while they stream", () => {
  it("REST door: an endless chunked body is cut off with 400 BAD_REQUEST after about 1 MB, unread and before authentication", async () => {
    const result = await sendEndlessBody(`${t.server.baseUrl}/api/v1/leads`);
    expect(result.status).toBe(400);
    expect(JSON.parse(result.body)).toEqual({ error: { code: "BAD_REQUEST", message: "Request body too large." } });
    // Had the door read the whole body, the client would have sent all 64 MB before hearing back.
    expect(result.sentBeforeAnswer).toBeLessThan(16 * 1024 * 1024);
  });

  it("tRPC door: the same bound, before the session is read", async () => {
    const result = await sendEndlessBody(`${t.server.baseUrl}/api/trpc/leads.create`);
    expect(result.status).toBe(400);
    expect(JSON.parse(result.body)).toEqual({ error: { code: "BAD_REQUEST", message: "Request body too large." } });
    expect(result.sentBeforeAnswer).toBeLessThan(16 * 1024 * 1024);
  });

  it("a declared Content-Length over the bound is refused before a byte is read", async () => {
    for (const path of ["/api/v1/leads", "/api/trpc/leads.create"]) {
      const response = await fetch(`${t.server.baseUrl}${path}`, {
        method: "POST",
        headers: { "Content-Type": "application/json" },
        body: JSON.stringify({ notes: "x".repeat(MAX_BODY_BYTES) }),
      });
      expect(response.status, path).toBe(400);
      expect(await response.json(), path).toEqual({ error: { code: "BAD_REQUEST", message: "Request body too large." } });
    }
  });

  it("readBoundedBody reads a body at the limit and cancels the stream one byte past it", async () => {
    const exact = new Request("http://x/", { method: "POST", body: "é".repeat(5) }); // 10 bytes
    await expect(readBoundedBody(exact, 10)).resolves.toBe("é".repeat(5));

    let pulled = 0;
    let cancelled = false;
    const endless = new ReadableStream<Uint8Array>({
      pull(controller) {
        pulled += 1;
        controller.enqueue(new Uint8Array(1024));
      },
      cancel() {
        cancelled = true;
      },
    });
    const request = new Request("http://x/", { method: "POST", body: endless, duplex: "half" } as RequestInit);
    await expect(readBoundedBody(request, 10_000)).rejects.toMatchObject({ code: "BAD_REQUEST" });
    expect(cancelled).toBe(true);
    expect(pulled).toBeLessThan(20);
  });
});
