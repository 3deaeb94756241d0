import { fetchRequestHandler } from "@trpc/server/adapters/fetch";
import { localeFromAcceptLanguage } from "../../lib/i18n/dictionaries";
import { isUnbatchedProcedure, MAX_TRPC_BATCH_SIZE } from "../../lib/trpc/batching";
import { appRouter } from "../api/root";
import { createRequestContext, type AuthState } from "../api/context";
import { readDashboardSession } from "../auth/read-session";
import { resolvePrincipalFromSession } from "../auth/resolve-session";
import { getDb } from "../db";
import { ApiError } from "../errors/api-error";
import { renderError } from "../errors/render-error";
import { observeDoor } from "../observability/door-telemetry";
import { logger } from "../system/logger";
import { readBoundedBody } from "./bounded-body";
import { assertDashboardPost } from "./browser-request";
import { clientAddressOf } from "./client-address";
import { apiErrorResponse } from "./error-response";

const ENDPOINT = "/api/trpc";

/**
 * Checks made before a byte of the body is parsed or a session is read: a
 * batch holds at most MAX_TRPC_BATCH_SIZE calls, and `account.*` procedures
 * (sign-up hashes a password and creates an organization) only travel alone.
 */
function refuseOversizedBatches(url: URL): void {
  if (url.searchParams.get("batch") !== "1") return;
  const paths = decodeURIComponent(url.pathname.slice(ENDPOINT.length + 1)).split(",");
  if (paths.length > MAX_TRPC_BATCH_SIZE) throw new ApiError("BAD_REQUEST", "request.batchTooLarge", { max: MAX_TRPC_BATCH_SIZE });
  if (paths.length > 1 && paths.some(isUnbatchedProcedure)) throw new ApiError("BAD_REQUEST", "request.batchNotAllowed");
}

/** The dashboard's door: `/api/trpc`, authenticated by the next-auth session cookie. */
export async function handleTrpcRequest(req: Request): Promise<Response> {
  return observeDoor("trpc", operationOf(new URL(req.url)), req, () => handle(req));
}

// Known procedure paths only become metric labels: a made-up path must not add a series.
const procedurePaths = new Set(Object.keys(appRouter._def.procedures));

/** The procedure path (`leads.list`), `batch` for several calls in one request, `unknown` for no procedure of ours. */
function operationOf(url: URL): string {
  const raw = url.pathname.slice(ENDPOINT.length + 1);
  if (raw.includes(",") || raw.includes("%2C")) return "batch";
  const paths = raw.replace(/%2E/gi, ".");
  return procedurePaths.has(paths) ? paths : "unknown";
}

async function handle(req: Request): Promise<Response> {
  let forwarded = req;
  try {
    refuseOversizedBatches(new URL(req.url));
    assertDashboardPost(req);
    if (req.method === "POST") {
      const body = await readBoundedBody(req);
      forwarded = new Request(req.url, { method: req.method, headers: req.headers, body: body === "" ? null : body });
    }
  } catch (error) {
    return apiErrorResponse(error instanceof ApiError ? error : new ApiError("BAD_REQUEST", "request.malformedJson"));
  }
  return fetchRequestHandler({
    endpoint: ENDPOINT,
    req: forwarded,
    router: appRouter,
    maxBatchSize: MAX_TRPC_BATCH_SIZE,
    // Headers an error carries (Retry-After on a 429) reach the client as on the REST door.
    responseMeta: ({ errors }) => {
      const headers = new Headers();
      for (const error of errors) for (const [name, value] of Object.entries(renderError(error).headers)) headers.set(name, value);
      return { headers };
    },
    createContext: async () => {
      const db = await getDb();
      const session = await readDashboardSession(req);
      const principal = session ? await resolvePrincipalFromSession(db, session) : null;
      const auth: AuthState = principal ? { status: "authenticated", principal } : { status: "anonymous" };
      const requestLocale = localeFromAcceptLanguage(req.headers.get("accept-language"));
      return createRequestContext({ db, door: "trpc", auth, clientAddress: clientAddressOf(req), requestLocale });
    },
    onError: ({ error, path }) => {
      if (renderError(error).status >= 500) logger.error("trpc.request_failed", { procedure: path, error: error.cause ?? error });
    },
  });
}
