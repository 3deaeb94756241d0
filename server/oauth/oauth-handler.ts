import { handleConsentDecision, CONSENT_DECISION_PATH } from "./consent-decision";
import { handleRevocationRequest } from "./revocation-endpoint";
import { handleClientRegistration } from "./dynamic-registration";
import { CLIENT_REGISTRATION_PATH, handleMetadataRequest } from "./server-metadata";
import { handleProtectedResourceMetadata, MCP_PATH, PROTECTED_RESOURCE_METADATA_PATH } from "../mcp/protected-resource";
import { handleTokenRequest } from "./token-endpoint";

export const OAUTH_METADATA_PATH = "/.well-known/oauth-authorization-server";

/**
 * The OAuth endpoints that are route handlers (the consent page itself is a
 * Next page), by path: app/ re-exports each one, and the tests' HTTP server
 * dispatches here. Null for a path that is not one of them.
 */
export function oauthHandlerFor(pathname: string): ((req: Request) => Promise<Response> | Response) | null {
  switch (pathname) {
    case "/oauth/token":
      return handleTokenRequest;
    case "/oauth/revoke":
      return handleRevocationRequest;
    case CONSENT_DECISION_PATH:
      return handleConsentDecision;
    case OAUTH_METADATA_PATH:
      return handleMetadataRequest;
    case CLIENT_REGISTRATION_PATH:
      return handleClientRegistration;
    case PROTECTED_RESOURCE_METADATA_PATH:
    case `${PROTECTED_RESOURCE_METADATA_PATH}${MCP_PATH}`:
      return handleProtectedResourceMetadata;
    default:
      return null;
  }
}
