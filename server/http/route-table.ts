import type { AnyTRPCRouter } from "@trpc/server";
import {
  getInputOutputParsers,
  instanceofZodTypeKind,
  instanceofZodTypeLikeVoid,
  instanceofZodTypeObject,
  instanceofZodTypeOptional,
  unwrapZodType,
  type OpenApiProcedure,
} from "trpc-to-openapi";
import type { ProcedureMeta } from "../api/trpc";

export interface PublishedRoute {
  method: string;
  path: string;
  procedurePath: string;
  type: "query" | "mutation";
  meta: ProcedureMeta;
  /** The path with each `{param}` as a named group. */
  pattern: RegExp;
  /** False for `z.void()` inputs (GET /me): the procedure is called without input. */
  takesInput: boolean;
  /** Query keys the input declares as arrays: a single `?key=v` still arrives as `[v]`. */
  arrayQueryKeys: string[];
}

function isArraySchema(schema: unknown): boolean {
  const field = schema as Parameters<typeof instanceofZodTypeKind>[0];
  if (instanceofZodTypeKind(field, "array")) return true;
  return instanceofZodTypeOptional(field) && instanceofZodTypeKind(field.unwrap() as typeof field, "array");
}

/** Every procedure published under /api/v1, read from its `meta.openapi`, with what the door needs to call it. */
export function publishedRoutes(router: AnyTRPCRouter): PublishedRoute[] {
  const procedures = router._def.procedures as Record<string, OpenApiProcedure & { _def: { meta?: ProcedureMeta; type: string } }>;
  return Object.entries(procedures).flatMap(([procedurePath, procedure]) => {
    const meta = procedure._def.meta;
    if (!meta?.openapi || meta.openapi.enabled === false) return [];
    const { method, path } = meta.openapi;
    const pattern = new RegExp(`^${path.replace(/\{([^}]+)\}/g, (_, name: string) => `(?<${name}>[^/]+)`)}$`);
    const input = unwrapZodType(getInputOutputParsers(procedure).inputParser as Parameters<typeof unwrapZodType>[0], true);
    const arrayQueryKeys = instanceofZodTypeObject(input)
      ? Object.entries(input.shape).flatMap(([key, field]) => (isArraySchema(field) ? [key] : []))
      : [];
    const type = procedure._def.type === "mutation" ? "mutation" : "query";
    return [{ method, path, procedurePath, type, meta, pattern, takesInput: !instanceofZodTypeLikeVoid(input), arrayQueryKeys }];
  });
}

export type RouteMatch =
  | { kind: "found"; route: PublishedRoute; pathParams: Record<string, string> }
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
 * is a 405, not an update of a lead called "search"). The match also carries
 * the path parameters (as sent, not percent-decoded), so nothing matches twice.
 */
export function matchRoute(routes: PublishedRoute[], method: string, path: string): RouteMatch {
  const matching = routes.filter((r) => r.pattern.test(path)).sort(byLiteralPrecedence);
  const best = matching[0];
  if (best === undefined) return { kind: "not-found" };
  const candidates = matching.filter((r) => byLiteralPrecedence(r, best) === 0);
  const found = candidates.find((r) => r.method === method);
  if (found) return { kind: "found", route: found, pathParams: { ...found.pattern.exec(path)?.groups } };
  return { kind: "method-not-allowed", allowed: [...new Set(candidates.map((r) => r.method))].sort() };
}
