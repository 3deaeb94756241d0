import { Server } from "@modelcontextprotocol/sdk/server/index.js";
import { WebStandardStreamableHTTPServerTransport } from "@modelcontextprotocol/sdk/server/webStandardStreamableHttp.js";
import { CallToolRequestSchema, ListToolsRequestSchema } from "@modelcontextprotocol/sdk/types.js";
import { authorizationFailure } from "../api/authorization";
import type { Principal } from "../auth/principal";
import { resolvePrincipalFromBearer } from "../auth/resolve-bearer";
import { getDb } from "../db";
import { isApiError } from "../errors/api-error";
import { renderError } from "../errors/render-error";
import { issuerFor } from "../oauth/authorization-request";
import { logger } from "../system/logger";
import { callTool } from "./mcp-call";
import { mcpTools, type McpTool, type ToolCategory } from "./mcp-tools";
import { protectedResourceMetadataUrl } from "./protected-resource";

/**
 * `/api/mcp`: the Model Context Protocol over Streamable HTTP, with the
 * official SDK's web-standard transport in stateless mode (one server per
 * request, JSON answers), so any instance answers any call and nothing is
 * held between requests. Authorization is a bearer of our OAuth server (or
 * an API key): without a valid one the answer is 401 with
 * `WWW-Authenticate: Bearer resource_metadata=…` (RFC 9728), which MCP
 * clients follow to discover the authorization server, register (RFC 7591)
 * and run the code flow with PKCE. A token lists and runs only the tools its
 * scopes (and its person's role) allow — the same check as the REST door
 * (`authorizationFailure`) — and every call runs through the REST door.
 */

const CATEGORY_LABEL: Record<"en" | "es", Record<ToolCategory, string>> = {
  en: { read: "Read", write: "Write", destructive: "Destructive" },
  es: { read: "Lectura", write: "Escritura", destructive: "Destructiva" },
};

function unauthorized(req: Request, error: unknown): Response {
  const rendered = renderError(error);
  const status = rendered.status === 403 ? 403 : 401;
  const code = status === 403 ? "insufficient_scope" : "invalid_token";
  return new Response(JSON.stringify({ error: { message: rendered.message, code: rendered.code } }), {
    status,
    headers: {
      "Content-Type": "application/json",
      "WWW-Authenticate": `Bearer resource_metadata="${protectedResourceMetadataUrl(req)}", error="${code}"`,
    },
  });
}

function listed(tool: McpTool, locale: "en" | "es") {
  return {
    name: tool.name,
    title: tool.title,
    description: `[${CATEGORY_LABEL[locale][tool.category]}] ${tool.description}`,
    inputSchema: tool.inputSchema,
    annotations: {
      title: tool.title,
      readOnlyHint: tool.category === "read",
      destructiveHint: tool.category === "destructive",
      idempotentHint: tool.route.method !== "POST",
      openWorldHint: false,
    },
    _meta: { category: tool.category, scope: tool.meta.scope ?? null, operation: `${tool.route.method} ${tool.route.path}` },
  };
}

function serverFor(origin: string, authorization: string, principal: Principal): Server {
  const allowed = mcpTools(origin).filter((tool) => authorizationFailure(principal, tool.meta) === null);
  const byName = new Map(allowed.map((tool) => [tool.name, tool]));
  const server = new Server({ name: "inmo", version: "1.0.0" }, { capabilities: { tools: { listChanged: false } } });
  server.setRequestHandler(ListToolsRequestSchema, () => ({ tools: allowed.map((tool) => listed(tool, principal.organization.locale)) }));
  server.setRequestHandler(CallToolRequestSchema, async (request) => {
    const tool = byName.get(request.params.name);
    if (!tool) {
      const exists = mcpTools(origin).find((candidate) => candidate.name === request.params.name);
      const text = exists
        ? `This token may not use ${exists.name}: it needs the scope ${exists.meta.scope}${exists.meta.roles ? ` and one of the roles ${exists.meta.roles.join(", ")}` : ""}.`
        : `Unknown tool: ${request.params.name}.`;
      return { content: [{ type: "text" as const, text }], isError: true };
    }
    return callTool(origin, authorization, tool, (request.params.arguments ?? {}) as Record<string, unknown>);
  });
  return server;
}

export async function handleMcpRequest(req: Request): Promise<Response> {
  const authorization = req.headers.get("authorization");
  let principal: Principal;
  try {
    principal = await resolvePrincipalFromBearer(await getDb(), authorization);
  } catch (error) {
    if (!isApiError(error)) logger.error("mcp.auth_failed", { error });
    return unauthorized(req, error);
  }
  const server = serverFor(issuerFor(req), authorization!, principal);
  const transport = new WebStandardStreamableHTTPServerTransport({ sessionIdGenerator: undefined, enableJsonResponse: true });
  await server.connect(transport);
  try {
    return await transport.handleRequest(req);
  } finally {
    // Stateless: the answer is complete (JSON, not a stream), so the request's server ends with it.
    void server.close();
  }
}
