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

/** Compares two routes matching the same path segment by segment: at the first difference, a literal beats a `{param}`. */
function byLiteralPrecedence(a: PublishedRoute, b: PublishedRoute): number {
  const left = a.path.split("/");
  const right = b.path.split("/");
  for (let i = 0; i < Math.min(left.length, right.length); i++) {
    const leftParam = left[i]?.startsWith("{") ?? false;
    const rightParam = right[i]?.startsWith("{") ?? false;
    if (leftParam !== rightParam) return leftParam ? 1 : -1;
  }
  return 0;
}

/**
 * Literal segments win over parameters: `/leads/search` is that route, never
 * `/leads/{leadId}` with the id "search", for every method (PUT /leads/search
 * is a 405, not an update of a lead called "search"). The OpenAPI adapter
 * itself takes the first route in declaration order, so routers also declare
 * literal paths before parameterised ones.
 */
export function matchRoute(routes: PublishedRoute[], method: string, path: string): RouteMatch {
  const matching = routes.filter((r) => r.pattern.test(path)).sort(byLiteralPrecedence);
  const best = matching[0];
  if (best === undefined) return { kind: "not-found" };
  const candidates = matching.filter((r) => byLiteralPrecedence(r, best) === 0);
  const found = candidates.find((r) => r.method === method);
  if (found) return { kind: "found", route: found };
  return { kind: "method-not-allowed", allowed: [...new Set(candidates.map((r) => r.method))].sort() };
}
