import { SCOPES } from "../auth/scopes";
import { issuerFor } from "./authorization-request";

/** Dynamic client registration (RFC 7591), for MCP clients. */
export const CLIENT_REGISTRATION_PATH = "/oauth/register";

/** GET /.well-known/oauth-authorization-server (RFC 8414). */
export function handleMetadataRequest(req: Request): Response {
  const issuer = issuerFor(req);
  const body = {
    issuer,
    authorization_endpoint: `${issuer}/oauth/authorize`,
    token_endpoint: `${issuer}/oauth/token`,
    revocation_endpoint: `${issuer}/oauth/revoke`,
    registration_endpoint: `${issuer}${CLIENT_REGISTRATION_PATH}`,
    scopes_supported: SCOPES,
    response_types_supported: ["code"],
    response_modes_supported: ["query"],
    grant_types_supported: ["authorization_code", "refresh_token"],
    code_challenge_methods_supported: ["S256"],
    token_endpoint_auth_methods_supported: ["client_secret_basic", "client_secret_post", "none"],
    revocation_endpoint_auth_methods_supported: ["client_secret_basic", "client_secret_post", "none"],
    authorization_response_iss_parameter_supported: true,
  };
  return new Response(JSON.stringify(body), {
    headers: { "Content-Type": "application/json; charset=utf-8", "Cache-Control": "public, max-age=3600" },
  });
}
