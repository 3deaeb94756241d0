import { ApiError } from "../errors/api-error";
import { readBoundedBody } from "./bounded-body";
import type { PublishedRoute } from "./route-table";

const BODY_METHODS = new Set(["POST", "PUT", "PATCH"]);
const JSON_MEDIA_TYPE = /^application\/(.+\+)?json\b/i;

/**
 * Reads a JSON body once: a size bounded while it streams, a JSON content type, well-formed
 * JSON. A body-less POST (an action such as `/launch`) is `{}`, so
 * integrators need not send one. Methods without a body give undefined.
 */
async function readJsonBody(req: Request): Promise<unknown> {
  if (!BODY_METHODS.has(req.method)) return undefined;
  const text = await readBoundedBody(req);
  if (text.trim() === "") return {};
  if (!JSON_MEDIA_TYPE.test(req.headers.get("content-type") ?? "")) throw new ApiError("BAD_REQUEST", "request.unsupportedMediaType");
  try {
    return JSON.parse(text) as unknown;
  } catch {
    throw new ApiError("BAD_REQUEST", "request.malformedJson");
  }
}

/**
 * Query parameters: a key sent once is a string, a repeated key an array;
 * empty values are left out, and so are names every object inherits
 * (`toString`, `__proto__`, …): no input uses them, and collecting them
 * would read or overwrite the inherited member.
 */
function queryInput(url: URL, route: PublishedRoute): Record<string, unknown> {
  const query: Record<string, string | string[]> = {};
  for (const [key, value] of url.searchParams) {
    if (value === "" || key in Object.prototype) continue;
    const seen = query[key];
    query[key] = seen === undefined ? value : Array.isArray(seen) ? [...seen, value] : [seen, value];
  }
  for (const key of route.arrayQueryKeys) {
    const value = query[key];
    if (typeof value === "string") query[key] = [value];
  }
  return query;
}

/**
 * The procedure's input, assembled once per request as trpc-to-openapi
 * defines it: the JSON body (or the query string for methods without a body)
 * with the path parameters on top; undefined for procedures taking no input.
 */
export async function restInput(req: Request, url: URL, route: PublishedRoute, pathParams: Record<string, string>): Promise<unknown> {
  const body = await readJsonBody(req);
  if (!route.takesInput) return undefined;
  if (body === undefined) return { ...queryInput(url, route), ...pathParams };
  // A JSON body that is not an object (an array, a string) is handed over as is, and fails the input's validation.
  return typeof body === "object" && body !== null && !Array.isArray(body) ? { ...body, ...pathParams } : body;
}
