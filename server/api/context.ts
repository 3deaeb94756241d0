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

export interface RequestContext {
  db: PrismaClient;
  door: "rest" | "trpc";
  auth: AuthState;
  /** Headers the REST door adds to the response (X-RateLimit-*). */
  responseHeaders: Headers;
  /** A procedure may override the success status (health answers 503). */
  responseStatus?: number;
}
