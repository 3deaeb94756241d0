import { createOpenApiFetchHandler } from "trpc-to-openapi";
import { resolvePrincipalFromBearer } from "../auth/resolve-bearer";
import { appRouter } from "../api/root";
import type { AuthState, RequestContext } from "../api/context";
import { getDb } from "../db";
import { ApiError } from "../errors/api-error";
import { renderError, type RenderedError } from "../errors/render-error";
import { logger } from "../system/logger";
import { apiErrorResponse, errorResponse } from "./error-response";
import { getOpenApiDocument } from "./openapi-document";
import { matchRoute, publishedRoutes } from "./route-table";

export const REST_BASE_PATH = "/api/v1";
const MAX_BODY_BYTES = 1_000_000;
const BODY_METHODS = new Set(["POST", "PUT", "PATCH"]);

// Built once per process: the route table and the OpenAPI document never change at run time.
const routes = publishedRoutes(appRouter);

function restPath(url: URL): string {
  const path = url.pathname.slice(REST_BASE_PATH.length).replace(/\/+$/, "");
  return path === "" ? "/" : path;
}

async function resolveAuth(db: RequestContext["db"], header: string | null): Promise<AuthState> {
  if (header === null) return { status: "anonymous" };
  try {
    return { status: "authenticated", principal: await resolvePrincipalFromBearer(db, header) };
  } catch (error) {
    return { status: "failed", error };
  }
}

/**
 * Reads and checks a JSON body before the adapter sees it: a bounded size, a
 * JSON content type, and well-formed JSON. A body-less POST (e.g. an action
 * such as `/launch`) is treated as `{}` so integrators need not send one.
 */
async function normaliseBody(req: Request): Promise<Request> {
  if (!BODY_METHODS.has(req.method)) return req;
  const declared = Number(req.headers.get("content-length") ?? "0");
  if (declared > MAX_BODY_BYTES) throw new ApiError("BAD_REQUEST", "request.tooLarge");
  const text = await req.text();
  if (Buffer.byteLength(text) > MAX_BODY_BYTES) throw new ApiError("BAD_REQUEST", "request.tooLarge");
  const headers = new Headers(req.headers);
  if (text.trim() === "") {
    headers.set("content-type", "application/json");
    return new Request(req.url, { method: req.method, headers, body: "{}" });
  }
  const contentType = headers.get("content-type") ?? "";
  if (!/^application\/(.+\+)?json\b/i.test(contentType)) throw new ApiError("BAD_REQUEST", "request.unsupportedMediaType");
  try {
    JSON.parse(text);
  } catch {
    throw new ApiError("BAD_REQUEST", "request.malformedJson");
  }
  headers.set("content-type", "application/json");
  return new Request(req.url, { method: req.method, headers, body: text });
}

function isErrorBody(value: unknown): value is { data?: { api?: RenderedError } } {
  return typeof value === "object" && value !== null;
}

/** The REST door: `/api/v1/*`, served by trpc-to-openapi from the same procedures as the dashboard. */
export async function handleRestRequest(req: Request): Promise<Response> {
  const url = new URL(req.url);
  const path = restPath(url);
  const method = req.method.toUpperCase();

  if (path === "/openapi.json" && (method === "GET" || method === "HEAD")) {
    return Response.json(getOpenApiDocument(url.origin), { headers: { "Cache-Control": "public, max-age=300" } });
  }

  const match = matchRoute(routes, method, path);
  if (match.kind === "not-found") return apiErrorResponse(new ApiError("NOT_FOUND", "request.notFound", { method, path }));
  if (match.kind === "method-not-allowed") {
    const allowed = match.allowed.join(", ");
    return apiErrorResponse(
      new ApiError("METHOD_NOT_ALLOWED", "request.methodNotAllowed", { method, path, allowed }, { Allow: allowed }),
    );
  }

  let forwarded: Request;
  try {
    forwarded = await normaliseBody(req);
  } catch (error) {
    return errorResponse(renderError(error));
  }

  let context: RequestContext | undefined;
  const isProtected = match.route.meta.openapi?.protect !== false;
  const response = await createOpenApiFetchHandler({
    router: appRouter,
    endpoint: REST_BASE_PATH,
    req: forwarded,
    createContext: async () => {
      const db = await getDb();
      context = {
        db,
        door: "rest",
        auth: isProtected ? await resolveAuth(db, req.headers.get("authorization")) : { status: "anonymous" },
        responseHeaders: new Headers(),
      };
      return context;
    },
    responseMeta: ({ errors }) => {
      if (errors.length > 0) return {};
      return { status: context?.responseStatus ?? match.route.meta.successStatus ?? 200 };
    },
    onError: ({ error, path: procedurePath }) => {
      const rendered = renderError(error);
      if (rendered.status >= 500) logger.error("api.request_failed", { procedure: procedurePath, method, error: error.cause ?? error });
    },
  });

  const headers = new Headers(response.headers);
  context?.responseHeaders.forEach((value, name) => headers.set(name, value));
  headers.set("Cache-Control", "no-store");
  // A status the procedure chose itself (health's 503) is a response, not an error to re-shape.
  const chosenByProcedure = context?.responseStatus !== undefined && context.responseStatus === response.status;
  if (response.status < 400 || chosenByProcedure) return new Response(response.body, { status: response.status, headers });

  const body: unknown = await response.json().catch(() => null);
  const rendered = isErrorBody(body) && body.data?.api ? body.data.api : renderError(new Error("unrecognised error body"));
  headers.delete("Content-Length");
  return errorResponse(rendered, headers);
}
