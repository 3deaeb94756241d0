import { appRouter } from "../api/root";
import type { ProcedureMeta } from "../api/trpc";
import { getOpenApiDocument } from "../http/openapi-document";
import { publishedRoutes, type PublishedRoute } from "../http/route-table";

/**
 * The MCP server's tools, generated from the published OpenAPI operations:
 * one tool per operation of `/api/v1` (the anonymous health check aside),
 * named after its procedure, described by its summary and description, its
 * input the operation's path and query parameters and JSON body as one JSON
 * Schema object — the schemas the OpenAPI document generates from the
 * procedures' zod inputs. Each tool has a category, like Close's MCP scopes:
 * `read` (GET), `write` (creates and changes) and `destructive` (DELETE),
 * published as MCP tool annotations. A call runs the operation through the
 * REST door itself (mcp-call.ts), so procedures, limits, idempotency and
 * usage counts are the REST door's.
 */

export type ToolCategory = "read" | "write" | "destructive";

type Json = Record<string, unknown>;

export interface McpTool {
  name: string;
  title: string;
  description: string;
  category: ToolCategory;
  inputSchema: { type: "object"; properties: Record<string, Json>; required?: string[] };
  route: PublishedRoute;
  meta: ProcedureMeta;
  /** Arguments that fill the path, the query string and the JSON body. */
  pathParams: string[];
  queryParams: string[];
}

/** The argument a write tool takes for the `Idempotency-Key` header. */
export const IDEMPOTENCY_ARGUMENT = "idempotencyKey";

const CATEGORY_TEXT: Record<ToolCategory, string> = {
  read: "Category: read (changes nothing).",
  write: "Category: write (creates or changes records; pass `idempotencyKey` to make a retry safe).",
  destructive: "Category: destructive (deletes; cannot be undone).",
};

function categoryOf(route: PublishedRoute): ToolCategory {
  if (route.method === "GET") return "read";
  if (route.method === "DELETE") return "destructive";
  return "write";
}

/** `webhooks.replaySubscription` → `webhooks_replaySubscription` (MCP names allow letters, digits, `_` and `-`). */
export function toolNameOf(procedurePath: string): string {
  return procedurePath.replace(/[^A-Za-z0-9_-]/g, "_");
}

function toolOf(route: PublishedRoute, document: Json): McpTool | null {
  const operation = ((document.paths as Record<string, Json>)[route.path] as Json | undefined)?.[route.method.toLowerCase()] as Json | undefined;
  if (!operation) return null;
  const properties: Record<string, Json> = {};
  const required = new Set<string>();
  const pathParams: string[] = [];
  const queryParams: string[] = [];
  for (const parameter of (operation.parameters as Json[] | undefined) ?? []) {
    const name = parameter.name as string;
    if (parameter.in === "path") pathParams.push(name);
    else if (parameter.in === "query") queryParams.push(name);
    else continue; // headers: Idempotency-Key has an argument of its own
    properties[name] = { ...(parameter.schema as Json), ...(parameter.description ? { description: parameter.description } : {}) };
    if (parameter.required) required.add(name);
  }
  const body = ((operation.requestBody as Json | undefined)?.content as Record<string, Json> | undefined)?.["application/json"]?.schema as Json | undefined;
  for (const [name, schema] of Object.entries((body?.properties as Record<string, Json> | undefined) ?? {})) properties[name] = schema;
  for (const name of (body?.required as string[] | undefined) ?? []) required.add(name);
  const category = categoryOf(route);
  if (route.method === "POST") {
    properties[IDEMPOTENCY_ARGUMENT] = {
      type: "string",
      minLength: 1,
      maxLength: 255,
      description: "Sent as `Idempotency-Key`: the same key and arguments within 24 hours return the first answer instead of running again",
    };
  }
  const summary = (operation.summary as string | undefined) ?? route.procedurePath;
  return {
    name: toolNameOf(route.procedurePath),
    title: summary,
    description: [`${summary}: \`${route.method} ${route.path}\` of the REST API.`, (operation.description as string | undefined) ?? "", CATEGORY_TEXT[category]]
      .filter(Boolean)
      .join("\n\n"),
    category,
    inputSchema: { type: "object", properties, ...(required.size > 0 ? { required: [...required] } : {}) },
    route,
    meta: route.meta,
    pathParams,
    queryParams,
  };
}

const catalogues = new Map<string, McpTool[]>();

/** Every tool, built once per origin and process from the document `/api/v1/openapi.json` serves. */
export function mcpTools(origin: string): McpTool[] {
  let tools = catalogues.get(origin);
  if (!tools) {
    const document = getOpenApiDocument(origin) as unknown as Json;
    tools = publishedRoutes(appRouter)
      .filter((route) => route.meta.openapi?.protect !== false)
      .flatMap((route) => toolOf(route, document) ?? []);
    catalogues.set(origin, tools);
  }
  return tools;
}
