import type { AnyTRPCRouter } from "@trpc/server";
import type { ProcedureMeta } from "../api/trpc";

export interface PublishedRoute {
  method: string;
  path: string;
  procedurePath: string;
  meta: ProcedureMeta;
  pattern: RegExp;
}

/** Every procedure published under /api/v1, read from its `meta.openapi`. */
export function publishedRoutes(router: AnyTRPCRouter): PublishedRoute[] {
  const procedures = router._def.procedures as Record<string, { _def: { meta?: ProcedureMeta } }>;
  return Object.entries(procedures).flatMap(([procedurePath, procedure]) => {
    const meta = procedure._def.meta;
    if (!meta?.openapi || meta.openapi.enabled === false) return [];
    const { method, path } = meta.openapi;
    const pattern = new RegExp(`^${path.replace(/\{[^}]+\}/g, "[^/]+")}$`);
    return [{ method, path, procedurePath, meta, pattern }];
  });
}

export type RouteMatch =
  | { kind: "found"; route: PublishedRoute }
  | { kind: "method-not-allowed"; allowed: string[] }
  | { kind: "not-found" };

/**
 * Literal segments win over parameters (`/leads/search` before `/leads/{leadId}`),
 * the same precedence the OpenAPI adapter applies.
 */
export function matchRoute(routes: PublishedRoute[], method: string, path: string): RouteMatch {
  const candidates = routes.filter((r) => r.pattern.test(path));
  if (candidates.length === 0) return { kind: "not-found" };
  const found = candidates.find((r) => r.method === method);
  if (found) return { kind: "found", route: found };
  return { kind: "method-not-allowed", allowed: [...new Set(candidates.map((r) => r.method))].sort() };
}
