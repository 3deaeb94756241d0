import type { AnyTRPCRouter } from "@trpc/server";
import { MEMBER_ROLES, type MemberRole } from "../auth/roles";
import { SCOPE_HOLDERS, SCOPES, type Scope } from "../auth/scopes";
import { isPublished, roleMayCall } from "./authorization";
import type { ProcedureMeta } from "./trpc";

/** One procedure of the router as the authorization check sees it. */
export interface DeclaredProcedure {
  path: string;
  type: "query" | "mutation";
  meta: ProcedureMeta | undefined;
  /** False for anonymous procedures (health, sign-up, invitations, password reset). */
  protected: boolean;
}

/** Every procedure of `router`, with its declarations (read from the route table, as the doors do). */
export function declaredProcedures(router: AnyTRPCRouter): DeclaredProcedure[] {
  const procedures = router._def.procedures as Record<string, { _def: { meta?: ProcedureMeta; type: string; middlewares: unknown[] } }>;
  return Object.entries(procedures).map(([path, procedure]) => {
    const meta = procedure._def.meta;
    // Protected procedures declare a scope (protectedProcedure refuses to run without one); public ones declare none.
    return { path, type: procedure._def.type === "mutation" ? "mutation" : "query", meta, protected: meta?.scope !== undefined };
  });
}

/** What each caller may do with one procedure: the row of docs/roles.md. */
export interface AccessRow {
  procedure: string;
  /** `POST /round-robin` for published procedures; null for dashboard-only ones. */
  rest: string | null;
  /** null: anonymous. */
  scope: Scope | "none" | null;
  /** A person of each role: a dashboard session, or an OAuth token acting as that person. */
  people: Record<MemberRole, boolean>;
  /** API keys: no role, the scope alone (published procedures only). */
  apiKey: "scope" | "never" | "anonymous";
}

/**
 * The access matrix, derived from the procedures' declarations with the
 * rules of server/api/authorization.ts: a person of role R may call a
 * procedure when its roles admit R and R may hold its scope.
 */
export function accessMatrix(procedures: DeclaredProcedure[]): AccessRow[] {
  return procedures.map(({ path, meta, protected: isProtected }) => {
    const rest = isPublished(meta) && meta?.openapi ? `${meta.openapi.method} ${meta.openapi.path}` : null;
    if (!isProtected) {
      return { procedure: path, rest, scope: null, people: { owner: true, admin: true, member: true }, apiKey: "anonymous" };
    }
    const people = Object.fromEntries(MEMBER_ROLES.map((role) => [role, roleMayCall(role, meta)])) as Record<MemberRole, boolean>;
    return { procedure: path, rest, scope: meta!.scope!, people, apiKey: rest === null ? "never" : "scope" };
  });
}

const YES = "✓";
const NO = "—";

function scopesTable(): string[] {
  const lines = ["| Scope | Owner | Admin | Member |", "|---|---|---|---|"];
  for (const scope of SCOPES) lines.push(`| \`${scope}\` | ${MEMBER_ROLES.map((role) => (SCOPE_HOLDERS[scope].includes(role) ? YES : NO)).join(" | ")} |`);
  return lines;
}

function procedureTable(rows: AccessRow[]): string[] {
  const lines = ["| Procedure | REST | Scope | Owner | Admin | Member | API key |", "|---|---|---|---|---|---|---|"];
  for (const row of rows) {
    const rest = row.rest ? `\`${row.rest}\`` : "dashboard only";
    const scope = row.scope === null ? "anonymous" : row.scope === "none" ? "none" : `\`${row.scope}\``;
    const people = MEMBER_ROLES.map((role) => (row.people[role] ? YES : NO)).join(" | ");
    const apiKey = row.apiKey === "scope" ? "scope" : row.apiKey === "anonymous" ? "anonymous" : NO;
    lines.push(`| \`${row.procedure}\` | ${rest} | ${scope} | ${people} | ${apiKey} |`);
  }
  return lines;
}

/** docs/roles.md, written by `npm run docs:roles` and compared with the code by tests/security/role-matrix.test.ts. */
export function renderRolesDocument(rows: AccessRow[]): string {
  return [
    "# Who may call what",
    "",
    "<!-- Generated from the procedures' `meta` by `npm run docs:roles`; tests/security/role-matrix.test.ts fails when it is stale. -->",
    "",
    "Every procedure declares in its `meta` the scope it needs and, for dashboard-only procedures (and published ones",
    "limited for people), the member roles it admits. One check enforces both for both doors",
    "(`server/api/authorization.ts`):",
    "",
    "- **People** — a dashboard session, or an OAuth access token acting as the person who connected the app — need one of",
    "  the procedure's roles, read from their membership on every request, and the scope. A person holds only the scopes",
    "  their role may hold (first table): a session holds exactly those, and an OAuth token keeps of its granted scopes",
    "  those the owner's current role may hold, so a demotion narrows a connected app at once.",
    "- **API keys** have no role: they act for the organization, are created by owners and admins, and are limited by",
    "  their scopes alone. They reach published procedures only.",
    "- Dashboard-only procedures answer dashboard sessions only; anonymous ones (sign-up, invitations, password reset,",
    "  health) answer anyone.",
    "",
    "A refusal is `403 FORBIDDEN`: \"Only owners and admins of the organization can do this.\" (or owners only) for a role,",
    "\"This credential lacks the required scope: …\" for a scope. `tests/security/role-walk.test.ts` calls every procedure",
    "below through both doors as each role (session and OAuth token) and with API keys, and expects exactly this table.",
    "",
    "## Scopes a role may hold",
    "",
    ...scopesTable(),
    "",
    "## Procedures",
    "",
    "✓ = may call, — = refused (403).",
    "",
    ...procedureTable(rows),
    "",
  ].join("\n");
}
