import { SCOPES } from "../auth/scopes";
import { issuerFor } from "../oauth/authorization-request";

/** Where the MCP server is served. */
export const MCP_PATH = "/api/mcp";
/** RFC 9728 §3: the metadata of a resource at `/api/mcp` is at this well-known path (and, for older clients, at the bare one). */
export const PROTECTED_RESOURCE_METADATA_PATH = "/.well-known/oauth-protected-resource";

export function mcpResourceOf(req: Request): string {
  return `${issuerFor(req)}${MCP_PATH}`;
}

export function protectedResourceMetadataUrl(req: Request): string {
  return `${issuerFor(req)}${PROTECTED_RESOURCE_METADATA_PATH}${MCP_PATH}`;
}

/**
 * OAuth 2.0 Protected Resource Metadata (RFC 9728) of the MCP server: the
 * resource, the authorization server that issues its tokens (ours, RFC 8414
 * metadata at `/.well-known/oauth-authorization-server`, with dynamic client
 * registration and PKCE), the scopes, and that tokens travel in the
 * Authorization header. MCP clients read it after a 401 names it in
 * `WWW-Authenticate`.
 */
export function handleProtectedResourceMetadata(req: Request): Response {
  const body = {
    resource: mcpResourceOf(req),
    authorization_servers: [issuerFor(req)],
    scopes_supported: SCOPES,
    bearer_methods_supported: ["header"],
    resource_name: "inmo MCP server",
    resource_documentation: `${issuerFor(req)}/docs/api`,
  };
  return new Response(JSON.stringify(body), {
    headers: { "Content-Type": "application/json; charset=utf-8", "Cache-Control": "public, max-age=3600" },
  });
}
