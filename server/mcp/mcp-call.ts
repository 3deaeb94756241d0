import { handleRestRequest, REST_BASE_PATH } from "../http/rest-handler";
import { IDEMPOTENCY_ARGUMENT, type McpTool } from "./mcp-tools";

/** What a tool call answers: the REST answer's JSON as text (and as structured content when it is an object). */
export interface ToolResult {
  [key: string]: unknown;
  content: { type: "text"; text: string }[];
  structuredContent?: Record<string, unknown>;
  isError?: boolean;
}

function queryValue(value: unknown): string[] {
  if (Array.isArray(value)) return value.map((item) => String(item));
  return [typeof value === "object" && value !== null ? JSON.stringify(value) : String(value)];
}

/**
 * Runs one tool as the REST request it stands for, through the REST door
 * itself (`handleRestRequest`), with the caller's own bearer: the same route,
 * authentication, rate limits and monthly quota, idempotency, validation,
 * procedure, events (`X-Service-Source: api`) and usage counts as a call to
 * `/api/v1`. Path arguments fill the path, the others the query string (GET,
 * DELETE) or the JSON body, and `idempotencyKey` the `Idempotency-Key` header.
 */
export async function callTool(origin: string, authorization: string, tool: McpTool, args: Record<string, unknown>): Promise<ToolResult> {
  const { [IDEMPOTENCY_ARGUMENT]: idempotencyKey, ...rest } = args;
  let path = tool.route.path;
  for (const name of tool.pathParams) {
    path = path.replace(`{${name}}`, encodeURIComponent(String(rest[name] ?? "")));
    delete rest[name];
  }
  const url = new URL(`${origin}${REST_BASE_PATH}${path}`);
  const headers = new Headers({ Authorization: authorization, Accept: "application/json" });
  let body: string | undefined;
  if (tool.route.method === "GET" || tool.route.method === "DELETE") {
    for (const [name, value] of Object.entries(rest)) {
      if (value === undefined || value === null) continue;
      for (const one of queryValue(value)) url.searchParams.append(name, one);
    }
  } else {
    headers.set("Content-Type", "application/json");
    body = JSON.stringify(rest);
  }
  if (typeof idempotencyKey === "string") headers.set("Idempotency-Key", idempotencyKey);
  const response = await handleRestRequest(new Request(url, { method: tool.route.method, headers, body }));
  const text = await response.text();
  let parsed: unknown = null;
  try {
    parsed = text === "" ? null : JSON.parse(text);
  } catch {
    parsed = null;
  }
  const structured = parsed !== null && typeof parsed === "object" && !Array.isArray(parsed) ? (parsed as Record<string, unknown>) : undefined;
  return {
    content: [{ type: "text", text: text === "" ? `HTTP ${response.status}` : text }],
    ...(structured ? { structuredContent: structured } : {}),
    ...(response.status >= 400 ? { isError: true } : {}),
  };
}
