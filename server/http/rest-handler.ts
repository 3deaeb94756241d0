import { createOpenApiNodeHttpHandler } from "trpc-to-openapi";
import { resolvePrincipalFromBearer } from "../auth/resolve-bearer";
import { appRouter } from "../api/root";
import { createRequestContext, type AuthState, type RequestContext } from "../api/context";
import { getDb } from "../db";
import { ApiError } from "../errors/api-error";
import { renderError, type RenderedError } from "../errors/render-error";
import { logger } from "../system/logger";
import { apiErrorResponse, errorResponse } from "./error-response";
import { MAX_BODY_BYTES, readBoundedBody } from "./bounded-body";
import { getOpenApiDocument } from "./openapi-document";
import { dropInheritedNames } from "./query-keys";
import { matchRoute, publishedRoutes } from "./route-table";

export const REST_BASE_PATH = "/api/v1";
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
 * Reads and checks a JSON body before the adapter sees it: a size bounded while it streams, a
 * JSON content type, and well-formed JSON. A body-less POST (e.g. an action
 * such as `/launch`) is treated as `{}` so integrators need not send one.
 */
async function normaliseBody(req: Request): Promise<Request> {
  if (!BODY_METHODS.has(req.method)) return req;
  const text = await readBoundedBody(req);
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

/** What one request carries into the adapter's callbacks. */
interface RequestState {
  authorization: string | null;
  isProtected: boolean;
  successStatus: number;
  context?: RequestContext;
}

const REQUEST_STATE = Symbol("inmo.request-state");
/** The route's declared success status (201 for creations), looked up by the request's context. */
const successStatusOf = new WeakMap<RequestContext, number>();
type AdapterRequest = Request & { [REQUEST_STATE]: RequestState };

/**
 * trpc-to-openapi's handler, built once per process: building it per request
 * (what its fetch adapter does) re-validates the router and regenerates the
 * whole OpenAPI document on every call outside production.
 */
const openApiHandler = createOpenApiNodeHttpHandler({
  router: appRouter,
  maxBodySize: MAX_BODY_BYTES,
  createContext: async ({ req }: { req: AdapterRequest }) => {
    const state = req[REQUEST_STATE];
    const db = await getDb();
    state.context = createRequestContext({
      db,
      door: "rest",
      auth: state.isProtected ? await resolveAuth(db, state.authorization) : { status: "anonymous" },
    });
    successStatusOf.set(state.context, state.successStatus);
    return state.context;
  },
  responseMeta: ({ ctx, errors }: { ctx?: RequestContext; errors: unknown[] }) => {
    if (errors.length > 0 || !ctx) return {};
    return { status: ctx.response.status ?? successStatusOf.get(ctx) ?? 200 };
  },
  onError: ({ error, path: procedurePath }: { error: unknown; path?: string }) => {
    if (renderError(error).status >= 500) {
      logger.error("api.request_failed", { procedure: procedurePath, error: (error as { cause?: unknown }).cause ?? error });
    }
  },
} as unknown as Parameters<typeof createOpenApiNodeHttpHandler>[0]) as unknown as (
  req: AdapterRequest,
  res: AdapterResponse,
) => Promise<void>;

interface AdapterResponse {
  statusCode: number;
  setHeader(name: string, value: string | string[]): void;
  end(body?: string): void;
}

/** Feeds a fetch Request to the node-style handler and collects its answer as a fetch Response. */
function serveThroughAdapter(req: Request, state: RequestState): Promise<Response> {
  const url = new URL(req.url);
  url.pathname = url.pathname.slice(REST_BASE_PATH.length) || "/";
  dropInheritedNames(url.searchParams);
  const bodyPromise = BODY_METHODS.has(req.method) ? req.text() : Promise.resolve("");
  return bodyPromise.then(
    (text) =>
      new Promise<Response>((resolve) => {
        const parsed: unknown = text === "" ? undefined : JSON.parse(text);
        const proxied = new Proxy(req, {
          get(target, property) {
            if (property === REQUEST_STATE) return state;
            if (property === "url") return url.toString();
            if (property === "body") return parsed;
            const value = Reflect.get(target, property, target) as unknown;
            return typeof value === "function" ? (value as (...a: unknown[]) => unknown).bind(target) : value;
          },
          has(target, property) {
            return property === "body" || property === REQUEST_STATE || Reflect.has(target, property);
          },
        }) as AdapterRequest;
        const headers = new Headers();
        const res: AdapterResponse = {
          statusCode: 200,
          setHeader(name, value) {
            if (Array.isArray(value)) value.forEach((v) => headers.append(name, v));
            else headers.set(name, value);
          },
          end(body) {
            resolve(new Response(body ?? null, { status: res.statusCode, headers }));
          },
        };
        void openApiHandler(proxied, res);
      }),
  );
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

  const state: RequestState = {
    authorization: req.headers.get("authorization"),
    isProtected: match.route.meta.openapi?.protect !== false,
    successStatus: match.route.meta.successStatus ?? 200,
  };
  const response = await serveThroughAdapter(forwarded, state);
  const context = state.context;
  const headers = new Headers(response.headers);
  context?.response.headers.forEach((value, name) => headers.set(name, value));
  headers.set("Cache-Control", "no-store");
  // A status the procedure chose itself (health's 503) is a response, not an error to re-shape.
  const chosenByProcedure = context?.response.status !== undefined && context.response.status === response.status;
  if (response.status < 400 || chosenByProcedure) return new Response(response.body, { status: response.status, headers });

  const body: unknown = await response.json().catch(() => null);
  const rendered = isErrorBody(body) && body.data?.api ? body.data.api : renderError(new Error("unrecognised error body"));
  headers.delete("Content-Length");
  return errorResponse(rendered, headers);
}
