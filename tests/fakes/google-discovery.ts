import { readFileSync } from "node:fs";
import path from "node:path";

/**
 * Google's Calendar v3 discovery document, as far as the fake and the scope
 * test read it (fixtures/google-calendar-v3-discovery.json, with its source,
 * revision and the date it was extracted). The fake answers each request as
 * the method the document defines for that HTTP method and path, and refuses
 * a token that holds none of the scopes the document lists for it.
 */
export interface DiscoveryMethod {
  id: string;
  httpMethod: string;
  path: string;
  scopes: string[];
}

interface DiscoveryExtract {
  source: string;
  revision: string;
  rootUrl: string;
  servicePath: string;
  scopes: Record<string, string>;
  methods: Record<string, Omit<DiscoveryMethod, "id">>;
}

export const calendarDiscovery: DiscoveryExtract = JSON.parse(
  readFileSync(path.join(import.meta.dirname, "fixtures", "google-calendar-v3-discovery.json"), "utf8"),
) as DiscoveryExtract;

export function discoveryMethod(id: string): DiscoveryMethod | null {
  const method = calendarDiscovery.methods[id];
  return method ? { id, ...method } : null;
}

/** `calendars/{calendarId}/events/{eventId}` → a matcher of `calendars/primary/events/abc` with its parameters. */
function matcherOf(template: string): { regex: RegExp; literals: number; names: string[] } {
  const names: string[] = [];
  const segments = template.split("/");
  const regex = new RegExp(
    `^${segments
      .map((segment) => {
        const name = segment.match(/^\{(\w+)\}$/)?.[1];
        if (!name) return segment.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
        names.push(name);
        return "([^/]+)";
      })
      .join("/")}$`,
  );
  return { regex, literals: segments.filter((s) => !s.startsWith("{")).length, names };
}

const routes = Object.entries(calendarDiscovery.methods)
  .map(([id, method]) => ({ id, ...method, ...matcherOf(method.path) }))
  // Literal segments win over parameters: `events/watch` is events.watch, not an event called "watch".
  .sort((a, b) => b.literals - a.literals);

/** The discovery method a request stands for (path relative to `/calendar/v3/`), with its path parameters decoded. */
export function routeOf(httpMethod: string, relativePath: string): { method: DiscoveryMethod; params: Record<string, string> } | null {
  for (const route of routes) {
    if (route.httpMethod !== httpMethod) continue;
    const match = relativePath.match(route.regex);
    if (!match) continue;
    const params = Object.fromEntries(route.names.map((name, i) => [name, decodeURIComponent(match[i + 1]!)]));
    return { method: { id: route.id, httpMethod: route.httpMethod, path: route.path, scopes: route.scopes }, params };
  }
  return null;
}
