import { getDb } from "../db";
import { sha256Hex } from "../auth/tokens";
import { authenticateThrottledClient } from "./client-throttle";
import { revokeGrant } from "./grants";
import { oauthErrorResponse } from "./oauth-error";
import { readForm } from "./token-endpoint";
import { throttledResponse } from "./token-endpoint-budget";

/**
 * POST /oauth/revoke (RFC 7009). Either kind of token revokes the whole grant
 * it belongs to (the connection ends, as in Settings). An unknown token, or
 * one of another client, answers 200 all the same: the answer must not tell
 * a client whether a token exists.
 */
export async function handleRevocationRequest(req: Request): Promise<Response> {
  try {
    const form = await readForm(req);
    const db = await getDb();
    const client = await authenticateThrottledClient(db, req, form);
    const token = form.get("token");
    if (token) {
      const digest = sha256Hex(token);
      const [refresh, access] = await Promise.all([
        db.oAuthRefreshToken.findUnique({ where: { tokenHash: digest }, select: { grant: { select: { id: true, clientId: true } } } }),
        db.oAuthAccessToken.findUnique({ where: { tokenHash: digest }, select: { id: true, clientId: true, grantId: true } }),
      ]);
      if (refresh && refresh.grant.clientId === client.id) await revokeGrant(db, refresh.grant.id, "token_revocation");
      else if (access && access.clientId === client.id) {
        if (access.grantId) await revokeGrant(db, access.grantId, "token_revocation");
        else await db.oAuthAccessToken.updateMany({ where: { id: access.id, revokedAt: null }, data: { revokedAt: new Date() } });
      }
    }
    return new Response(null, { status: 200, headers: { "Cache-Control": "no-store" } });
  } catch (error) {
    return throttledResponse(error) ?? oauthErrorResponse(error);
  }
}
