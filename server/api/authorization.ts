import type { Principal } from "../auth/principal";
import { OWNERS, type MemberRole } from "../auth/roles";
import { SCOPE_HOLDERS } from "../auth/scopes";
import { ApiError } from "../errors/api-error";
import type { ProcedureMeta } from "./trpc";

/** What a procedure declares about who may call it (the access part of its `meta`). */
export type AccessDeclaration = Pick<ProcedureMeta, "scope" | "roles" | "openapi">;

/** Published under /api/v1 (both doors); otherwise a dashboard-only procedure (tRPC door only). */
export function isPublished(meta: AccessDeclaration | undefined): boolean {
  return meta?.openapi !== undefined && meta.openapi.enabled !== false;
}

/**
 * The roles a procedure admits people with. A dashboard-only procedure must
 * declare them; a published one that declares none admits every role (its
 * scope decides). Failing closed keeps a forgotten declaration from opening a procedure.
 */
export function admittedRoles(meta: AccessDeclaration | undefined): readonly MemberRole[] | "every role" {
  if (meta?.roles !== undefined) return meta.roles;
  if (isPublished(meta)) return "every role";
  throw new Error("dashboard procedure declares no roles");
}

/**
 * Whether a person of `role` may call a procedure declaring `meta`: one of its
 * roles, and its scope among those the role may hold. What the dashboard
 * offers a person (buttons, pages) and docs/roles.md follow from it; the
 * server checks every call anyway.
 */
export function roleMayCall(role: MemberRole, meta: AccessDeclaration | undefined): boolean {
  const roles = admittedRoles(meta);
  const scope = meta?.scope;
  return (roles === "every role" || roles.includes(role)) && (scope === undefined || scope === "none" || SCOPE_HOLDERS[scope].includes(role));
}

function roleRefusal(roles: readonly MemberRole[]): ApiError {
  const ownersOnly = roles.length === OWNERS.length && roles.every((role) => OWNERS.includes(role));
  return new ApiError("FORBIDDEN", ownersOnly ? "auth.ownersOnly" : "auth.managersOnly");
}

/**
 * The one authorization check, for both doors (the tRPC middleware and the
 * REST door's idempotency gate call it): null when `principal` may call a
 * procedure declaring `meta`, else the 403 to answer.
 * - A dashboard-only procedure answers dashboard sessions only.
 * - A person (a session, or an OAuth token, acting as its owner) needs one of
 *   the declared roles; API keys and the system actor have no role and are
 *   limited by their scopes alone (keys are created by managers for the organization).
 * - The scope, unless "none", must be among the principal's (a person's
 *   scopes are already capped by their role; see buildPrincipal).
 * The role is checked before the scope, so a member is told "owners and
 * admins only", not that a scope is missing.
 */
export function authorizationFailure(principal: Principal, meta: AccessDeclaration | undefined): ApiError | null {
  const scope = meta?.scope;
  if (scope === undefined) throw new Error("protected procedure declares no scope");
  const roles = admittedRoles(meta);
  if (!isPublished(meta) && principal.kind !== "session") return new ApiError("FORBIDDEN", "account.dashboardOnly");
  if (roles !== "every role" && principal.role !== null && !roles.includes(principal.role)) return roleRefusal(roles);
  if (scope !== "none" && !principal.scopes.includes(scope)) return new ApiError("FORBIDDEN", "auth.missingScope", { scope });
  return null;
}

/** Throws the refusal, if any. */
export function authorize(principal: Principal, meta: AccessDeclaration | undefined): void {
  const failure = authorizationFailure(principal, meta);
  if (failure) throw failure;
}
