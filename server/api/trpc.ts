import { initTRPC } from "@trpc/server";
import type { OpenApiMeta } from "trpc-to-openapi";
import { ApiError } from "../errors/api-error";
import { fieldErrorsOf, renderError } from "../errors/render-error";
import type { Principal } from "../auth/principal";
import type { MemberRole } from "../auth/roles";
import type { Scope } from "../auth/scopes";
import { enforceRateLimit } from "../rate-limit/enforce-rate-limit";
import { countApiUsage, type UsageCategory } from "../usage/request-counter";
import type { RequestContext } from "./context";
import { authorize } from "./authorization";
import { findForbiddenText } from "./forbidden-text";

/**
 * Procedure metadata. `openapi` publishes the procedure under /api/v1;
 * `scope` is the permission the caller needs ("none" for /me);
 * `roles` are the member roles a person calling it must have (a dashboard
 * session, or an OAuth token acting as its owner): required on
 * dashboard-only procedures, optional on published ones (absent = every
 * role); API keys are limited by `scope` alone (server/api/authorization.ts,
 * the matrix in docs/roles.md);
 * `successStatus` is the REST status on success (201 for creations);
 * `monthlyCost` is what the call charges to the monthly quota up front
 * (0 for operations that charge by weight themselves, e.g. sequence launch).
 */
export type ProcedureMeta = OpenApiMeta<{
  scope?: Scope | "none";
  roles?: readonly MemberRole[];
  successStatus?: 200 | 201;
  /** Other success statuses the operation can answer, documented in OpenAPI (e.g. 200 on an idempotent replay). */
  alsoSucceedsWith?: Record<number, string>;
  /** Failure statuses beyond the common ones (400…500), documented in OpenAPI (e.g. 502/503/504 from a provider). */
  alsoFailsWith?: Record<number, string>;
  monthlyCost?: number;
  /** What the call's monthly units are spent on, for the Usage page (default `request`). */
  usageCategory?: UsageCategory;
  /**
   * The procedure answers a stream of text (an async iterable of strings)
   * rather than JSON: the REST door sends it as it comes with this content
   * type and file name, and OpenAPI documents it so (server/http/streamed-answer.ts).
   */
  streamsAs?: { contentType: "text/csv"; fileName: string };
}>;

const t = initTRPC
  .context<RequestContext>()
  .meta<ProcedureMeta>()
  .create({
    // Stacks never leave the server, whatever NODE_ENV says.
    isDev: false,
    errorFormatter({ shape, error, ctx }) {
      const principal = ctx?.auth.status === "authenticated" ? ctx.auth.principal : undefined;
      const locale = principal?.organization.locale ?? ctx?.requestLocale ?? "en";
      // The dashboard's reader gets every reason in their language, next to its field; REST keeps developers' wording.
      const audience = ctx?.door === "trpc" ? ({ kind: "person", locale } as const) : ({ kind: "developer" } as const);
      const rendered = renderError(error, locale, audience);
      const fieldErrors = rendered.code === "VALIDATION_ERROR" ? fieldErrorsOf(error, audience) : undefined;
      return {
        ...shape,
        message: rendered.message,
        data: { code: shape.data.code, httpStatus: rendered.status, api: rendered, fieldErrors },
      };
    },
  });

export const createTRPCRouter = t.router;
export const createCallerFactory = t.createCallerFactory;

/**
 * Text no field may hold (NUL and other control characters, unpaired
 * surrogates; see forbidden-text.ts), refused for every procedure of both
 * doors before the input is parsed, so no route can forget it.
 */
const refuseForbiddenText = t.middleware(async ({ getRawInput, next }) => {
  const found = findForbiddenText(await getRawInput());
  if (found) throw ApiError.text("VALIDATION_ERROR", `${found.path}: ${found.reason}`);
  return next();
});

/** Anonymous procedures (GET /health). */
export const publicProcedure = t.procedure.use(refuseForbiddenText);

const requirePrincipal = t.middleware(({ ctx, next }) => {
  if (ctx.auth.status === "failed") throw ctx.auth.error;
  if (ctx.auth.status !== "authenticated") {
    throw new ApiError("UNAUTHORIZED", ctx.door === "rest" ? "auth.missing" : "auth.sessionRequired");
  }
  return next({ ctx: { ...ctx, principal: ctx.auth.principal } });
});

/** Procedures that need a caller: auth, then rate limit (REST door only; the dashboard is not metered), then role and scope. */
export const protectedProcedure = t.procedure
  .use(requirePrincipal)
  .use(async ({ ctx, meta, next }) => {
    if (ctx.door === "rest") {
      const { principal } = ctx;
      const headers = await enforceRateLimit(ctx.db, principal.organizationId, principal.organization.rateLimits, {
        burst: 1,
        monthly: meta?.monthlyCost ?? 1,
      });
      for (const [name, value] of Object.entries(headers)) ctx.response.headers.set(name, value);
      // Per-day, per-credential counts for the Usage page: an in-memory sum, written once a second.
      countApiUsage(ctx.db, principal, meta?.usageCategory ?? "request", meta?.monthlyCost ?? 1);
    }
    return next();
  })
  .use(({ ctx, meta, next }) => {
    // A protected procedure must say what it needs (scope, and roles when dashboard-only): a forgotten declaration fails closed.
    authorize(ctx.principal, meta);
    return next();
  })
  .use(refuseForbiddenText);

export type ProtectedContext = RequestContext & { principal: Principal };
