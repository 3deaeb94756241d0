import http from "node:http";
import type { AddressInfo } from "node:net";
import { Readable } from "node:stream";
import { configureForTests } from "../../server/config/config";

export interface TestServer {
  baseUrl: string;
  /** `fetch` against `/api/v1`, with an optional bearer. */
  api(path: string, init?: RequestInit & { token?: string; json?: unknown }): Promise<Response>;
  close(): Promise<void>;
}

/**
 * Serves the app's REST door over real HTTP on loopback: the same
 * `handleRestRequest` that `app/api/v1/[...path]/route.ts` exports (and
 * `handleTrpcRequest` under `/api/trpc`, the WhatsApp webhook under its own
 * path), behind a plain Node server, so tests
 * exercise status lines, headers and bodies exactly as an integrator sees
 * them, without a Next build. Bodies stream through as they arrive, as under
 * Next, so the doors' own size bounds are what is tested.
 * DATABASE_URL must be set before the first request.
 */
export async function startApiServer(databaseUrl: string): Promise<TestServer> {
  configureForTests({ DATABASE_URL: databaseUrl });
  const { handleRestRequest } = await import("../../server/http/rest-handler");
  const { handleTrpcRequest } = await import("../../server/http/trpc-handler");
  const { handleWhatsAppWebhook } = await import("../../server/messaging/webhook/whatsapp-webhook");
  const { WHATSAPP_WEBHOOK_PATH } = await import("../../server/messaging/whatsapp-settings");
  const { oauthHandlerFor } = await import("../../server/oauth/oauth-handler");

  const server = http.createServer(async (req, res) => {
    const headers = new Headers();
    for (const [name, value] of Object.entries(req.headers)) {
      if (Array.isArray(value)) value.forEach((v) => headers.append(name, v));
      else if (value !== undefined) headers.set(name, value);
    }
    const hasBody = req.method !== "GET" && req.method !== "HEAD";
    const request = new Request(`http://${req.headers.host}${req.url}`, {
      method: req.method,
      headers,
      body: hasBody ? (Readable.toWeb(req) as ReadableStream<Uint8Array>) : undefined,
      duplex: "half",
    } as RequestInit);
    try {
      const handler = oauthHandlerFor(new URL(req.url ?? "/", "http://x").pathname) ?? (req.url?.startsWith("/api/trpc/")
        ? handleTrpcRequest
        : req.url?.startsWith(WHATSAPP_WEBHOOK_PATH)
          ? handleWhatsAppWebhook
          : handleRestRequest);
      const response = await handler(request);
      res.statusCode = response.status;
      response.headers.forEach((value, name) => res.setHeader(name, value));
      // A body the door refused to read (too large) is not drained: the connection closes after the answer.
      if (!req.complete) res.setHeader("Connection", "close");
      res.end(Buffer.from(await response.arrayBuffer()));
    } catch (error) {
      res.statusCode = 599; // the handler must never throw; make it visible if it does
      res.end(String(error));
    }
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  return {
    baseUrl,
    api(path, init = {}) {
      const { token, json, ...rest } = init;
      const headers = new Headers(rest.headers);
      if (token !== undefined) headers.set("Authorization", `Bearer ${token}`);
      if (json !== undefined) headers.set("Content-Type", "application/json");
      return fetch(`${baseUrl}/api/v1${path}`, { ...rest, headers, body: json !== undefined ? JSON.stringify(json) : rest.body });
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
