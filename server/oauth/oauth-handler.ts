import { handleConsentDecision, CONSENT_DECISION_PATH } from "./consent-decision";
import { handleRevocationRequest } from "./revocation-endpoint";
import { handleMetadataRequest } from "./server-metadata";
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
    default:
      return null;
  }
}
