import { resolvePrincipalFromBearer } from "../auth/resolve-bearer";
import { authorizationFailure } from "../api/authorization";
import { appRouter } from "../api/root";
import { createRequestContext, type AuthState, type RequestContext } from "../api/context";
import { createCallerFactory } from "../api/trpc";
import { getDb } from "../db";
import type { PrismaClient } from "../db/generated/client";
import { ApiError } from "../errors/api-error";
import { renderError } from "../errors/render-error";
import { enforceRateLimit } from "../rate-limit/enforce-rate-limit";
import { observeDoor } from "../observability/door-telemetry";
import { logger } from "../system/logger";
import { errorResponse } from "./error-response";
import {
  answerOnce,
  claimIdempotencyKey,
  idempotencyCredentialOf,
  idempotencyKeyOf,
  REPLAYED_HEADER,
  requestFingerprint,
  type DoorAnswer,
} from "./idempotency";
import { getOpenApiDocument } from "./openapi-document";
import { restInput } from "./rest-input";
import { streamedBody, streamedHeaders } from "./streamed-answer";
import { wholeResponse } from "./whole-response";
import { matchRoute, publishedRoutes, type PublishedRoute } from "./route-table";

export const REST_BASE_PATH = "/api/v1";
export const SANDBOX_HEADER = "X-Service-Sandbox";

// Built once per process: the route table and the caller factory never change at run time.
const routes = publishedRoutes(appRouter);
const createCaller = createCallerFactory(appRouter);

function restPath(url: URL): string {
  const path = url.pathname.slice(REST_BASE_PATH.length).replace(/\/+$/, "");
  return path === "" ? "/" : path;
}

async function resolveAuth(db: PrismaClient, route: PublishedRoute, header: string | null): Promise<AuthState> {
  if (route.meta.openapi?.protect === false || header === null) return { status: "anonymous" };
  try {
    return { status: "authenticated", principal: await resolvePrincipalFromBearer(db, header) };
  } catch (error) {
    return { status: "failed", error };
  }
}

/** Calls a procedure by its dotted path through a caller bound to this request's context. */
function callProcedure(context: RequestContext, route: PublishedRoute, input: unknown): Promise<unknown> {
  const caller = createCaller(context) as unknown as Record<string, unknown>;
  const procedure = route.procedurePath.split(".").reduce<unknown>((node, segment) => (node as Record<string, unknown>)[segment], caller);
  return (procedure as (input: unknown) => Promise<unknown>)(input);
}

/** The procedure's answer as the door sends it. */
async function runProcedure(context: RequestContext, route: PublishedRoute, input: unknown): Promise<Omit<DoorAnswer, "replayed">> {
  const data = await callProcedure(context, route, input);
  return { status: context.response.status ?? route.meta.successStatus ?? 200, body: data === undefined ? null : JSON.stringify(data) };
}

/**
 * A POST with an `Idempotency-Key` from a caller allowed to call it runs at
 * most once per key (server/http/idempotency.ts); a caller the procedure's
 * authorization refuses (server/api/authorization.ts) is refused by the procedure as usual, never answered from a kept response.
 */
async function answer(req: Request, context: RequestContext, route: PublishedRoute, input: unknown, path: string): Promise<DoorAnswer> {
  const { auth } = context;
  const allowed = auth.status === "authenticated" && authorizationFailure(auth.principal, route.meta) === null;
  const key = allowed && req.method.toUpperCase() === "POST" ? idempotencyKeyOf(req.headers) : undefined;
  if (key === undefined || auth.status !== "authenticated") return { ...(await runProcedure(context, route, input)), replayed: false };
  const { principal } = auth;
  const owner = { organizationId: principal.organizationId, credential: idempotencyCredentialOf(principal) };
  const claim = await claimIdempotencyKey(context.db, owner, key, requestFingerprint("POST", path, input));
  return answerOnce(
    claim,
    () => runProcedure(context, route, input),
    async () => {
      const headers = await enforceRateLimit(context.db, principal.organizationId, principal.organization.rateLimits);
      for (const [name, value] of Object.entries(headers)) context.response.headers.set(name, value);
    },
    (error) => logger.error("api.idempotency_unrecorded", { procedure: route.procedurePath, error }),
  );
}

function responseHeaders(context: RequestContext | undefined): Headers {
  const headers = new Headers(context?.response.headers);
  // Every answer to a sandbox organization's credential says so, whatever the operation.
  if (context?.auth.status === "authenticated" && context.auth.principal.organization.sandbox) headers.set(SANDBOX_HEADER, "true");
  headers.set("Content-Type", "application/json");
  headers.set("Cache-Control", "no-store");
  return headers;
}

/**
 * The REST door: `/api/v1/*`, served from the same procedures as the
 * dashboard. Each step happens once per request: the route is matched (with
 * its path parameters), the body read and parsed, the context built (the
 * bearer resolved), the procedure called, and the answer or the error
 * rendered. Everything the request carries lives in this function's locals.
 */
export async function handleRestRequest(req: Request): Promise<Response> {
  const url = new URL(req.url);
  const path = restPath(url);
  const method = req.method.toUpperCase();

  if (path === "/openapi.json" && (method === "GET" || method === "HEAD")) {
    return Response.json(getOpenApiDocument(url.origin), { headers: { "Cache-Control": "public, max-age=300" } });
  }
  const match = matchRoute(routes, method, path);
  if (match.kind === "not-found") {
    return observeDoor("rest", `${method} unmatched`, req, async () => errorResponse(renderError(new ApiError("NOT_FOUND", "request.notFound", { method, path }))));
  }
  if (match.kind === "method-not-allowed") {
    const allowed = match.allowed.join(", ");
    return observeDoor("rest", `${method} unmatched`, req, async () =>
      errorResponse(renderError(new ApiError("METHOD_NOT_ALLOWED", "request.methodNotAllowed", { method, path, allowed }, { Allow: allowed }))),
    );
  }
  const { route, pathParams } = match;
  return observeDoor("rest", `${route.method.toUpperCase()} ${REST_BASE_PATH}${route.path}`, req, () => handleRoute(req, url, path, route, pathParams));
}

async function handleRoute(req: Request, url: URL, path: string, route: PublishedRoute, pathParams: Record<string, string>): Promise<Response> {
  let context: RequestContext | undefined;
  try {
    const input = await restInput(req, url, route, pathParams);
    const db = await getDb();
    context = createRequestContext({ db, door: "rest", auth: await resolveAuth(db, route, req.headers.get("authorization")) });
    const stream = route.meta.streamsAs;
    if (stream) {
      // A streamed answer (a CSV export) is a GET: no idempotency to keep; the status and headers go out before the body is read.
      const pieces = (await callProcedure(context, route, input)) as AsyncIterable<string>;
      return new Response(streamedBody(pieces, route.procedurePath), { status: 200, headers: streamedHeaders(stream, responseHeaders(context)) });
    }
    const { status, body, replayed } = await answer(req, context, route, input, path);
    const headers = responseHeaders(context);
    if (replayed) headers.set(REPLAYED_HEADER, "true");
    return wholeResponse(body, { status, headers });
  } catch (error) {
    const locale = context?.auth.status === "authenticated" ? context.auth.principal.organization.locale : "en";
    const rendered = renderError(error, locale);
    if (rendered.status >= 500) {
      logger.error("api.request_failed", { procedure: route.procedurePath, error: (error as { cause?: unknown }).cause ?? error });
    }
    return errorResponse(rendered, responseHeaders(context));
  }
}
