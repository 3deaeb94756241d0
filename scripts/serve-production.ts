import http from "node:http";
import path from "node:path";
import next from "next";
import { sendWebResponse, webRequestOf } from "../server/http/node-adapter";
import { REST_BASE_PATH, handleRestRequest } from "../server/http/rest-handler";
import { securityHeadersFor } from "../server/http/security-headers";
import { config } from "../server/config/config";
import { logger } from "../server/system/logger";

/**
 * The production server `npm start` runs (scripts/start.ts): one Node HTTP
 * server that answers the public REST door, `/api/v1/*`, with its handler
 * directly, and hands every other request — pages, `/api/trpc`, sign-in,
 * OAuth, Inngest, provider webhooks — to Next (its production build, through
 * Next's programmatic server; `next start` does the same underneath).
 *
 * Why: the REST door is a web `Request` → `Response` function that needs
 * nothing of Next, and going through Next's router, route-handler runtime and
 * response streams cost about three quarters of the door's CPU per request
 * (measured with `npm run bench` and a CPU profile of the shipped server; see
 * docs/decisions.md, "Serving the REST door"). The same handler still backs
 * `app/api/v1/[...path]/route.ts`, so `next dev` and a plain `next start`
 * serve the identical door. The response headers Next would add from
 * next.config.ts (server/http/security-headers.ts) are added here the same way.
 *
 * Background work, graceful shutdown and the database pool are Next's
 * instrumentation hook's, as under `next start`: this file's copy of the
 * server modules shares the pool, the job nudgers, the rate-limit windows and
 * the usage buffers with Next's copy through `globalThis` (as `next dev`'s
 * reloads already require), so one process keeps one of each.
 */
const port = config().PORT;
const dir = path.resolve(import.meta.dirname, "..");

// The door's paths all get the same security headers; they differ only by whether the request came over TLS.
const REST_HEADERS = {
  plain: securityHeadersFor(`${REST_BASE_PATH}/`, new Headers()),
  tls: securityHeadersFor(`${REST_BASE_PATH}/`, new Headers({ "x-forwarded-proto": "https" })),
};
const headersFor = (request: Request) => (request.headers.get("x-forwarded-proto") === "https" ? REST_HEADERS.tls : REST_HEADERS.plain);

function isRestPath(url: string | undefined): boolean {
  return url !== undefined && (url === REST_BASE_PATH || url.startsWith(`${REST_BASE_PATH}/`) || url.startsWith(`${REST_BASE_PATH}?`));
}

async function main() {
  const app = next({ dev: false, dir, port });
  await app.prepare();
  const handleWithNext = app.getRequestHandler();

  const server = http.createServer((req, res) => {
    if (!isRestPath(req.url)) {
      void handleWithNext(req, res);
      return;
    }
    // As Next does for what it serves: a request that came with no X-Forwarded-For gets its connection's peer.
    req.headers["x-forwarded-for"] ??= req.socket.remoteAddress ?? "unknown";
    const request = webRequestOf(req);
    void handleRestRequest(request)
      .then((response) => sendWebResponse(req, res, response, headersFor(request)))
      .catch((error: unknown) => {
        // The handler renders its own errors; this is a failure to write the answer (the client went away).
        logger.error("http.rest_response_failed", { error });
        if (!res.headersSent) res.writeHead(500, { "Content-Type": "application/json" });
        res.end();
      });
  });
  // Every interface, as `next start`.
  server.listen(port, () => {
    process.stdout.write(`▲ inmo serving on http://localhost:${port} (REST door direct, the rest through Next)\n`);
  });
}

main().catch((error: unknown) => {
  process.stderr.write(`[inmo] the server did not start: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`);
  process.exit(1);
});
