import type { Db } from "../db/client";
import type { OAuthClient } from "../db/generated/client";
import { digestsEqual, sha256Hex } from "../auth/tokens";
import { OAuthError } from "./oauth-error";

/**
 * Client authentication at the token and revocation endpoints (RFC 6749
 * section 2.3.1): `client_secret_basic` or `client_secret_post`, never both.
 * Inside Basic, id and secret are form-encoded (oauth4webapi encodes `_` as
 * `%5F`), so they are decoded here. Public clients send only `client_id`.
 */
export interface ClientCredentials {
  clientId: string;
  clientSecret: string | null;
}

function formDecode(value: string): string {
  return decodeURIComponent(value.replace(/\+/g, " "));
}

export function readClientCredentials(req: Request, form: URLSearchParams): ClientCredentials {
  const header = req.headers.get("authorization");
  const bodyId = form.get("client_id");
  const bodySecret = form.get("client_secret");
  if (header !== null && /^Basic /i.test(header)) {
    if (bodySecret !== null) throw new OAuthError("invalid_request", "Use one client authentication method, not two.");
    let decoded: string;
    try {
      decoded = Buffer.from(header.slice(6).trim(), "base64").toString("utf8");
    } catch {
      throw new OAuthError("invalid_client", "Malformed Basic credentials.");
    }
    const colon = decoded.indexOf(":");
    if (colon < 0) throw new OAuthError("invalid_client", "Malformed Basic credentials.");
    let clientId: string;
    let clientSecret: string;
    try {
      clientId = formDecode(decoded.slice(0, colon));
      clientSecret = formDecode(decoded.slice(colon + 1));
    } catch {
      throw new OAuthError("invalid_client", "Malformed Basic credentials.");
    }
    if (bodyId !== null && bodyId !== clientId) throw new OAuthError("invalid_request", "client_id differs from the Basic credentials.");
    return { clientId, clientSecret };
  }
  if (bodyId === null || bodyId === "") throw new OAuthError("invalid_client", "Client authentication is required.");
  return { clientId: bodyId, clientSecret: bodySecret };
}

/**
 * The authenticated client. Unknown clients, wrong secrets and disabled
 * clients are all `401 invalid_client`: for a platform the connection cannot
 * work until the operator acts, which is what that answer means.
 */
export async function authenticateClient(db: Db, credentials: ClientCredentials): Promise<OAuthClient> {
  const client = await db.oAuthClient.findUnique({ where: { clientId: credentials.clientId } });
  if (!client) throw new OAuthError("invalid_client", "Unknown client.");
  if (client.isPublic) {
    if (credentials.clientSecret) throw new OAuthError("invalid_client", "A public client has no secret.");
  } else {
    const given = credentials.clientSecret;
    if (!given || !client.secretHash || !digestsEqual(client.secretHash, sha256Hex(given))) {
      throw new OAuthError("invalid_client", "Client authentication failed.");
    }
  }
  if (!client.isActive) throw new OAuthError("invalid_client", "The client is disabled.");
  return client;
}
