import { logger } from "../system/logger";

/**
 * Errors of the OAuth endpoints in RFC 6749's shape (`{error, error_description}`),
 * not the REST envelope: automation platforms parse these. The status decides
 * whether a platform keeps a connection alive (Zapier marks a connection stale
 * on a 4xx from refresh other than 408/409/423/425/429), so `invalid_grant` is
 * only used for grants that are really dead, throttling is 429 and our own
 * trouble is 5xx.
 */
export type OAuthErrorCode =
  | "invalid_request"
  | "invalid_client"
  | "invalid_grant"
  | "unauthorized_client"
  | "unsupported_grant_type"
  | "invalid_scope"
  | "access_denied"
  | "unsupported_response_type"
  | "server_error"
  | "temporarily_unavailable"
  | "slow_down";

const STATUS: Record<OAuthErrorCode, number> = {
  invalid_request: 400,
  invalid_client: 401,
  invalid_grant: 400,
  unauthorized_client: 400,
  unsupported_grant_type: 400,
  invalid_scope: 400,
  access_denied: 403,
  unsupported_response_type: 400,
  server_error: 500,
  temporarily_unavailable: 503,
  slow_down: 429,
};

export class OAuthError extends Error {
  readonly status: number;
  constructor(
    readonly code: OAuthErrorCode,
    readonly description: string,
    readonly headers: Record<string, string> = {},
  ) {
    super(description);
    this.status = STATUS[code];
  }
}

export const NO_STORE = { "Cache-Control": "no-store", Pragma: "no-cache" } as const;

export function oauthJson(body: unknown, status = 200, headers: Record<string, string> = {}): Response {
  return new Response(JSON.stringify(body), {
    status,
    headers: { "Content-Type": "application/json; charset=utf-8", ...NO_STORE, ...headers },
  });
}

/** Any failure of an OAuth endpoint as its answer; unexpected errors become 500 `server_error` (safe to retry). */
export function oauthErrorResponse(error: unknown): Response {
  if (error instanceof OAuthError) {
    const headers = { ...error.headers };
    if (error.code === "invalid_client") headers["WWW-Authenticate"] ??= 'Basic realm="oauth"';
    return oauthJson({ error: error.code, error_description: error.description }, error.status, headers);
  }
  logger.error("oauth.endpoint_failed", { error });
  return oauthJson({ error: "server_error", error_description: "The server could not answer; try again shortly." }, 500);
}
