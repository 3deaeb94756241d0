import { RateLimiterMemory, RateLimiterRes } from "rate-limiter-flexible";
import { z } from "zod";
import { getDb } from "../db";
import { clientAddressOf } from "../http/client-address";
import { logger } from "../system/logger";
import { redirectUriProblem } from "./redirect-uris";
import { registerOAuthClient } from "./register-client";

/**
 * Dynamic client registration (RFC 7591) at `POST /oauth/register`, for MCP
 * clients (Claude, IDEs, agents) that register themselves before the code
 * flow. Open, as MCP expects, and therefore narrow:
 * - only the authorization code flow with refresh tokens; a client registering
 *   with `token_endpoint_auth_method: "none"` (the default for MCP clients) is
 *   public and must use PKCE S256, any other gets a secret shown once;
 * - redirect URIs follow our usual rules (https, or http on loopback; exact);
 * - the client is platform-wide (any person may connect it to one of their
 *   organizations on the consent page, which shows its name and redirect
 *   host) and holds nothing until a person consents;
 * - 20 registrations an hour per address.
 * Errors are RFC 7591's `{error, error_description}` with 400.
 */
const metadataSchema = z.object({
  redirect_uris: z.array(z.string()).min(1).max(10),
  client_name: z.string().trim().min(1).max(200).optional(),
  token_endpoint_auth_method: z.enum(["none", "client_secret_basic", "client_secret_post"]).default("none"),
  grant_types: z.array(z.string()).default(["authorization_code", "refresh_token"]),
  response_types: z.array(z.string()).default(["code"]),
  logo_uri: z.url().optional(),
  scope: z.string().max(1000).optional(),
});

const registrations = new RateLimiterMemory({ points: 20, duration: 3600, keyPrefix: "oauth-register" });

function error(status: number, code: string, description: string, headers: Record<string, string> = {}): Response {
  return new Response(JSON.stringify({ error: code, error_description: description }), {
    status,
    headers: { "Content-Type": "application/json", "Cache-Control": "no-store", ...headers },
  });
}

export async function handleClientRegistration(req: Request): Promise<Response> {
  if (req.method !== "POST") return error(405, "invalid_request", "Use POST.", { Allow: "POST" });
  try {
    await registrations.consume(clientAddressOf(req));
  } catch (rejection) {
    if (!(rejection instanceof RateLimiterRes)) throw rejection;
    const seconds = Math.max(1, Math.ceil(rejection.msBeforeNext / 1000));
    return error(429, "slow_down", "Too many registrations from this address.", { "Retry-After": String(seconds) });
  }
  let body: unknown;
  try {
    body = JSON.parse(await req.text());
  } catch {
    return error(400, "invalid_client_metadata", "The body must be a JSON object of client metadata.");
  }
  const parsed = metadataSchema.safeParse(body);
  if (!parsed.success) {
    return error(400, "invalid_client_metadata", parsed.error.issues.map((issue) => `${issue.path.join(".")}: ${issue.message}`).join("; "));
  }
  const metadata = parsed.data;
  const badUri = metadata.redirect_uris.find((uri) => redirectUriProblem(uri) !== null);
  if (badUri !== undefined) return error(400, "invalid_redirect_uri", `${badUri}: ${redirectUriProblem(badUri)}`);
  const unsupportedGrant = metadata.grant_types.find((grant) => grant !== "authorization_code" && grant !== "refresh_token");
  if (unsupportedGrant) return error(400, "invalid_client_metadata", `grant_types: ${unsupportedGrant} is not supported`);
  if (metadata.response_types.some((type) => type !== "code")) return error(400, "invalid_client_metadata", "response_types: only code");

  const isPublic = metadata.token_endpoint_auth_method === "none";
  const { client, clientSecret } = await registerOAuthClient(await getDb(), {
    name: metadata.client_name ?? new URL(metadata.redirect_uris[0]!).host,
    redirectUris: metadata.redirect_uris,
    isPublic,
    logoUrl: metadata.logo_uri?.startsWith("https://") ? metadata.logo_uri : null,
  });
  logger.info("oauth.client_registered", { clientId: client.clientId, isPublic });
  const answer = {
    client_id: client.clientId,
    ...(clientSecret ? { client_secret: clientSecret, client_secret_expires_at: 0 } : {}),
    client_id_issued_at: Math.floor(client.createdAt.getTime() / 1000),
    client_name: client.name,
    redirect_uris: client.redirectUris,
    token_endpoint_auth_method: metadata.token_endpoint_auth_method,
    grant_types: ["authorization_code", "refresh_token"],
    response_types: ["code"],
    ...(metadata.scope ? { scope: metadata.scope } : {}),
  };
  return new Response(JSON.stringify(answer), { status: 201, headers: { "Content-Type": "application/json", "Cache-Control": "no-store" } });
}
