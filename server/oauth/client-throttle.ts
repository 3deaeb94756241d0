import type { Db } from "../db/client";
import type { OAuthClient } from "../db/generated/client";
import { clientAddressOf } from "../http/client-address";
import { countFailure, failuresExhausted, type FailureBudget } from "../rate-limit/failure-budget";
import { authenticateClient, readClientCredentials } from "./client-authentication";
import { OAuthError } from "./oauth-error";
import { throttleTokenEndpoint, TooManyTokenRequests } from "./token-endpoint-budget";

/** Failed client authentications allowed per client id and address (second audit, M3). */
export const CLIENT_AUTHENTICATION_FAILURES: FailureBudget = { name: "oauth-client-authentication", points: 10, seconds: 15 * 60 };

/**
 * Client authentication at /oauth/token and /oauth/revoke, with its budgets
 * (second audit, M3):
 * - failed authentications (unknown client, wrong secret, disabled client,
 *   malformed credentials) are counted per client id and address; past the
 *   budget that pair is refused before the database is asked, so a stranger
 *   guessing a secret locks out only themself;
 * - the per-client budget (TOKEN_ENDPOINT_BUDGET) is spent only once the
 *   client authenticated. A public client's "authentication" is only its id,
 *   which anyone may know, so a public client's budget is kept per address:
 *   one device flooding it throttles that device, not every user of the app.
 */
export async function authenticateThrottledClient(db: Db, req: Request, form: URLSearchParams): Promise<OAuthClient> {
  const address = clientAddressOf(req);
  const claimedId = form.get("client_id") ?? basicClientId(req) ?? "";
  const failureKey = `${claimedId}|${address}`;
  const wait = await failuresExhausted(CLIENT_AUTHENTICATION_FAILURES, failureKey);
  if (wait !== null) throw new TooManyTokenRequests(String(wait));
  let client: OAuthClient;
  try {
    client = await authenticateClient(db, readClientCredentials(req, form));
  } catch (error) {
    if (error instanceof OAuthError && error.code === "invalid_client") await countFailure(CLIENT_AUTHENTICATION_FAILURES, failureKey);
    throw error;
  }
  await throttleTokenEndpoint(client.isPublic ? `${client.clientId}|${address}` : client.clientId);
  return client;
}

/** The client id inside Basic credentials, for counting failures (authentication decodes it properly). */
function basicClientId(req: Request): string | null {
  const header = req.headers.get("authorization");
  if (header === null || !/^Basic /i.test(header)) return null;
  const decoded = Buffer.from(header.slice(6).trim(), "base64").toString("utf8");
  const colon = decoded.indexOf(":");
  if (colon < 0) return null;
  try {
    return decodeURIComponent(decoded.slice(0, colon).replace(/\+/g, " "));
  } catch {
    return null;
  }
}
