import type { Db } from "../db/client";
import type { MemberRole } from "../auth/roles";
import type { Scope } from "../auth/scopes";
import { scopesForRole } from "../auth/scopes";
import { AUTHORIZATION_CODE_TTL_SECONDS, generateAuthorizationCode } from "./token-lifetimes";

/**
 * Scopes a person can hand to an app in an organization: what the app asked
 * for, limited to what the person's role allows there (a member cannot grant
 * `webhooks:manage`). The token response reports the reduced set (RFC 6749 section 3.3).
 */
export function grantableScopes(requested: readonly Scope[], role: MemberRole): Scope[] {
  const allowed = scopesForRole(role);
  return requested.filter((scope) => allowed.includes(scope));
}

export interface CodeIssue {
  clientDbId: string;
  userId: string;
  organizationId: string;
  scopes: Scope[];
  redirectUri: string;
  codeChallenge: string | null;
}

/** Stores a code's digest with everything the exchange must match; the raw code goes to the redirect only. */
export async function issueAuthorizationCode(db: Db, issue: CodeIssue): Promise<string> {
  const { code, codeHash } = generateAuthorizationCode();
  // Codes are swept as new ones are issued (no job needed): a day after expiry a replay no longer matters.
  await db.$executeRaw`DELETE FROM "OAuthAuthorizationCode" WHERE "id" IN (
    SELECT "id" FROM "OAuthAuthorizationCode" WHERE "expiresAt" < now() - interval '1 day' LIMIT 100)`;
  await db.oAuthAuthorizationCode.create({
    data: {
      codeHash,
      clientId: issue.clientDbId,
      userId: issue.userId,
      organizationId: issue.organizationId,
      scopes: issue.scopes,
      redirectUri: issue.redirectUri,
      codeChallenge: issue.codeChallenge,
      expiresAt: new Date(Date.now() + AUTHORIZATION_CODE_TTL_SECONDS * 1000),
    },
  });
  return code;
}
