import type { PrismaClient } from "../db/generated/client";
import type { Principal } from "../auth/principal";

/**
 * Per-request context shared by both doors. Authentication is resolved once
 * when the context is built; a failure is kept (not thrown) so anonymous
 * procedures such as `/health` still run, and protected procedures throw it.
 */
export type AuthState =
  | { status: "authenticated"; principal: Principal }
  | { status: "failed"; error: unknown }
  | { status: "anonymous" };

/**
 * What a procedure or middleware may set on the HTTP response. A shared
 * object, so it survives tRPC handing each middleware a copy of the context.
 */
export interface ResponseControl {
  /** Overrides the success status (health's 503, a 200 on an idempotent replay). */
  status?: number;
  /** Added to the response (X-RateLimit-*). */
  headers: Headers;
}

export interface RequestContext {
  db: PrismaClient;
  door: "rest" | "trpc";
  auth: AuthState;
  response: ResponseControl;
  /** Where the request came from (X-Forwarded-For, see server/http/client-address.ts), for per-IP throttling. */
  clientAddress?: string;
  /** The reader's language before anyone signs in (from Accept-Language); a principal's organization's language wins. */
  requestLocale?: "en" | "es";
}

export function createRequestContext(init: Omit<RequestContext, "response">): RequestContext {
  return { ...init, response: { headers: new Headers() } };
}
