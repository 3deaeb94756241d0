import http from "node:http";
import type { AddressInfo } from "node:net";
import { sendWebResponse, webRequestOf } from "../../server/http/node-adapter";
import { configureForTests } from "../../server/config/config";

export interface TestServer {
  baseUrl: string;
  /** `fetch` against `/api/v1`, with an optional bearer. */
  api(path: string, init?: RequestInit & { token?: string; json?: unknown }): Promise<Response>;
  close(): Promise<void>;
}

/**
 * Serves the app's REST door over real HTTP on loopback: the same
 * `handleRestRequest` that `npm start`'s server answers `/api/v1` with,
 * through the same Node adapter (server/http/node-adapter.ts; and
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
  const { handleMetricsRequest } = await import("../../server/observability/metrics-endpoint");
  const { handleReadinessRequest } = await import("../../server/system/readiness");
  // The app's own routes outside the two doors, as app/api/* serves them.
  const { handleDashboardDownload } = await import("../../server/http/dashboard-download");
  const { handleMetaLeadsWebhook } = await import("../../server/lead-sources/meta/leadgen-webhook");
  const { META_LEADS_WEBHOOK_PATH } = await import("../../server/lead-sources/meta-leads-settings");
  const ownRoutes: Record<string, (req: Request) => Promise<Response>> = {
    "/api/metrics": handleMetricsRequest,
    "/api/ready": handleReadinessRequest,
    "/api/exports/leads": handleDashboardDownload("leads.export"),
    "/api/exports/lead-imports/refused": handleDashboardDownload("leads.imports.refusedRows"),
    [META_LEADS_WEBHOOK_PATH]: handleMetaLeadsWebhook,
  };
  const { handleMcpRequest } = await import("../../server/mcp/mcp-handler");
  const { handleSheetRequest } = await import("../../server/http/sheet-handler");

  const server = http.createServer(async (req, res) => {
    const request = webRequestOf(req);
    try {
      const pathname = new URL(req.url ?? "/", "http://x").pathname;
      const handler = ownRoutes[pathname] ?? (pathname.startsWith("/s/") ? handleSheetRequest : undefined) ?? oauthHandlerFor(pathname) ?? (pathname === "/api/mcp" ? handleMcpRequest : req.url?.startsWith("/api/trpc/")
        ? handleTrpcRequest
        : req.url?.startsWith(WHATSAPP_WEBHOOK_PATH)
          ? handleWhatsAppWebhook
          : handleRestRequest);
      await sendWebResponse(req, res, await handler(request));
    } catch (error) {
      res.statusCode = 599; // the handler must never throw; make it visible if it does
      res.end(String(error));
    }
  });
  // Node closes an idle keep-alive connection after 5 s and fetch reuses it for up to 4 s: on a loaded machine the two
  // timers race and a request goes out on a socket the server is closing (ECONNRESET). A test's pauses are never this long.
  server.keepAliveTimeout = 120_000;
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
