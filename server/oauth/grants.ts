import { createHash } from "node:crypto";
import type { Db, DbTx } from "../db/client";
import type { OAuthClient } from "../db/generated/client";
import { runInTransaction } from "../db/run-in-transaction";
import type { MemberRole } from "../auth/roles";
import { scopesHeldBy } from "../auth/scopes";
import { generateOAuthAccessToken, sha256Hex } from "../auth/tokens";
import { deactivateSubscriptionsManagedBy } from "../webhooks/deactivate-managed-subscriptions";
import { openSuccessor, sealSuccessor } from "./refresh-successor";
import { OAuthError } from "./oauth-error";
import { ACCESS_TOKEN_TTL_SECONDS, generateRefreshToken, REFRESH_REUSE_GRACE_SECONDS } from "./token-lifetimes";

/**
 * The grant lifecycle behind the token endpoint: a code becomes a grant and
 * its first token pair; a refresh token rotates; a replayed code or a reused
 * refresh token revokes the grant. Revocations triggered by an attack are
 * committed before the error is answered (they run after the failing
 * transaction, not inside it).
 */

export interface TokenResponse {
  access_token: string;
  token_type: "Bearer";
  expires_in: number;
  refresh_token: string;
  scope: string;
}

export type GrantRevocationReason =
  | "user"
  | "code_replay"
  | "refresh_reuse"
  | "token_revocation"
  | "member_removed"
  | "role_changed"
  | "password_changed";

async function issueTokenPair(
  tx: DbTx,
  grant: { id: string; clientId: string; userId: string; organizationId: string },
  scopes: string[],
): Promise<TokenResponse> {
  const access = generateOAuthAccessToken();
  const refresh = generateRefreshToken();
  await tx.oAuthAccessToken.create({
    data: {
      tokenHash: access.tokenHash,
      clientId: grant.clientId,
      userId: grant.userId,
      organizationId: grant.organizationId,
      grantId: grant.id,
      scopes,
      expiresAt: new Date(Date.now() + ACCESS_TOKEN_TTL_SECONDS * 1000),
    },
  });
  await tx.oAuthRefreshToken.create({ data: { tokenHash: refresh.tokenHash, grantId: grant.id } });
  return {
    access_token: access.token,
    token_type: "Bearer",
    expires_in: ACCESS_TOKEN_TTL_SECONDS,
    refresh_token: refresh.token,
    scope: scopes.join(" "),
  };
}

/** Revokes a grant and everything issued under it; the app's webhook subscriptions in the organization stop too. */
export async function revokeGrant(db: Db | DbTx, grantId: string, reason: GrantRevocationReason): Promise<boolean> {
  const run = async (tx: DbTx) => {
    const now = new Date();
    const { count } = await tx.oAuthGrant.updateMany({ where: { id: grantId, revokedAt: null }, data: { revokedAt: now, revokedReason: reason } });
    if (count === 0) return false;
    await tx.oAuthAccessToken.updateMany({ where: { grantId, revokedAt: null }, data: { revokedAt: now } });
    const grant = await tx.oAuthGrant.findUniqueOrThrow({ where: { id: grantId }, select: { clientId: true, organizationId: true } });
    // Other live grants of the same app in the organization keep its subscriptions alive.
    const others = await tx.oAuthGrant.count({ where: { clientId: grant.clientId, organizationId: grant.organizationId, revokedAt: null } });
    if (others === 0) await deactivateSubscriptionsManagedBy(tx, { oauthClientDbId: grant.clientId, organizationId: grant.organizationId });
    return true;
  };
  return "$transaction" in db ? runInTransaction(db as Db, run) : run(db as DbTx);
}

/** The person's current role in the organization; null when no longer a member. */
async function roleIn(tx: DbTx, organizationId: string, userId: string): Promise<MemberRole | null> {
  const membership = await tx.membership.findUnique({ where: { organizationId_userId: { organizationId, userId } }, select: { role: true } });
  return membership?.role ?? null;
}

function s256(verifier: string): string {
  return createHash("sha256").update(verifier, "ascii").digest("base64url");
}

const VERIFIER = /^[A-Za-z0-9\-._~]{43,128}$/;

export interface CodeExchange {
  code: string;
  redirectUri: string | null;
  codeVerifier: string | null;
}

type Outcome<T> = { ok: T } | { fail: OAuthError; revokeGrantId?: string; reason?: GrantRevocationReason };

export async function exchangeAuthorizationCode(db: Db, client: OAuthClient, input: CodeExchange): Promise<TokenResponse> {
  const codeHash = sha256Hex(input.code);
  const outcome = await runInTransaction(db, async (tx): Promise<Outcome<TokenResponse>> => {
    // Consuming is one conditional UPDATE, so two concurrent exchanges cannot both win.
    const [row] = await tx.$queryRaw<
      { id: string; clientId: string; userId: string; organizationId: string; scopes: string[]; redirectUri: string; codeChallenge: string | null; expiresAt: Date }[]
    >`UPDATE "OAuthAuthorizationCode" SET "consumedAt" = now()
      WHERE "codeHash" = ${codeHash} AND "consumedAt" IS NULL
      RETURNING "id", "clientId", "userId", "organizationId", "scopes", "redirectUri", "codeChallenge", "expiresAt"`;
    if (!row) {
      const used = await tx.oAuthAuthorizationCode.findUnique({ where: { codeHash }, select: { clientId: true, grantId: true } });
      const fail = new OAuthError("invalid_grant", "The authorization code is invalid, expired or already used.");
      if (used?.grantId && used.clientId === client.id) return { fail, revokeGrantId: used.grantId, reason: "code_replay" };
      return { fail };
    }
    const invalid = (description: string): Outcome<TokenResponse> => ({ fail: new OAuthError("invalid_grant", description) });
    if (row.clientId !== client.id) return invalid("The authorization code was issued to another client.");
    if (row.expiresAt.getTime() <= Date.now()) return invalid("The authorization code has expired.");
    // RFC 6749 section 4.1.3: redirect_uri must match; a client with one registered URI may leave it out of both requests.
    const implied = input.redirectUri === null && client.redirectUris.length === 1 && client.redirectUris[0] === row.redirectUri;
    if (input.redirectUri !== row.redirectUri && !implied) return invalid("redirect_uri does not match the authorization request.");
    if (row.codeChallenge !== null) {
      if (!input.codeVerifier || !VERIFIER.test(input.codeVerifier)) return invalid("code_verifier is missing or malformed.");
      if (s256(input.codeVerifier) !== row.codeChallenge) return invalid("code_verifier does not match the code challenge.");
    } else if (input.codeVerifier) {
      return invalid("code_verifier sent for a code issued without a challenge.");
    }
    const role = await roleIn(tx, row.organizationId, row.userId);
    if (role === null) return invalid("The user is no longer a member of the organization.");
    // What the consent granted, as far as the person's role holds it now (it may have changed since the consent).
    const granted = scopesHeldBy(role, row.scopes);
    // One connection per person, app and organization (as Settings shows it): connecting again joins the live grant,
    // whose scopes become the union; the new tokens carry what this consent granted.
    const live = await tx.oAuthGrant.findFirst({
      where: { clientId: client.id, userId: row.userId, organizationId: row.organizationId, revokedAt: null },
      orderBy: { createdAt: "desc" },
    });
    const grant = live
      ? await tx.oAuthGrant.update({ where: { id: live.id }, data: { scopes: scopesHeldBy(role, [...live.scopes, ...granted]) } })
      : await tx.oAuthGrant.create({ data: { clientId: client.id, userId: row.userId, organizationId: row.organizationId, scopes: granted } });
    await tx.oAuthAuthorizationCode.update({ where: { id: row.id }, data: { grantId: grant.id } });
    return { ok: await issueTokenPair(tx, grant, granted) };
  });
  return settle(db, outcome);
}

async function settle<T>(db: Db, outcome: Outcome<T>): Promise<T> {
  if ("ok" in outcome) return outcome.ok;
  if (outcome.revokeGrantId) await revokeGrant(db, outcome.revokeGrantId, outcome.reason ?? "token_revocation");
  throw outcome.fail;
}

interface RefreshRow {
  id: string;
  rotatedAt: Date | null;
  successor: string | null;
  grantId: string;
  clientId: string;
  userId: string;
  organizationId: string;
  scopes: string[];
  revokedAt: Date | null;
}

/**
 * Rotates a refresh token. The grant row is locked for the transaction, so
 * concurrent refreshes of one grant run one after the other: the first
 * rotates, the others arrive inside the grace window and get the very pair the
 * first was given (second audit, L6: a stolen token used in that window
 * mints no independent chain).
 * A narrower `scope` may be asked for (RFC 6749 section 6), never a wider one.
 */
export async function refreshGrant(db: Db, client: OAuthClient, refreshToken: string, scope: string | null): Promise<TokenResponse> {
  const tokenHash = sha256Hex(refreshToken);
  const outcome = await runInTransaction(db, async (tx): Promise<Outcome<TokenResponse>> => {
    const dead = new OAuthError("invalid_grant", "The refresh token is invalid or revoked.");
    const found = await tx.oAuthRefreshToken.findUnique({ where: { tokenHash }, select: { grantId: true } });
    if (!found) return { fail: dead };
    // Locking the token row too makes a refresh that waited read the rotation (and successor) the first one committed.
    const [row] = await tx.$queryRaw<RefreshRow[]>`
      SELECT r."id", r."rotatedAt", r."successor", g."id" AS "grantId", g."clientId", g."userId", g."organizationId", g."scopes", g."revokedAt"
      FROM "OAuthGrant" g JOIN "OAuthRefreshToken" r ON r."grantId" = g."id"
      WHERE g."id" = ${found.grantId}::uuid AND r."tokenHash" = ${tokenHash}
      FOR NO KEY UPDATE OF g, r`;
    if (!row || row.clientId !== client.id || row.revokedAt) return { fail: dead };
    if (row.rotatedAt) {
      const age = (Date.now() - row.rotatedAt.getTime()) / 1000;
      if (age > REFRESH_REUSE_GRACE_SECONDS) {
        return { fail: new OAuthError("invalid_grant", "The refresh token was already used; the connection is revoked."), revokeGrantId: row.grantId, reason: "refresh_reuse" };
      }
      // Inside the grace window (a retry, or workers refreshing at once): the pair it was already rotated into, never a second chain.
      const successor = openSuccessor(row.successor);
      if (successor === null) return { fail: dead };
      return { ok: successor };
    }
    const role = await roleIn(tx, row.organizationId, row.userId);
    if (role === null) {
      return { fail: new OAuthError("invalid_grant", "The user is no longer a member of the organization."), revokeGrantId: row.grantId, reason: "member_removed" };
    }
    // The grant holds no more than the person's current role may (a grant from before a demotion is cut here too).
    const held = scopesHeldBy(role, row.scopes);
    if (held.length === 0) {
      return { fail: new OAuthError("invalid_grant", "The user's role no longer allows any scope of this connection."), revokeGrantId: row.grantId, reason: "role_changed" };
    }
    if (held.length < row.scopes.length) await tx.oAuthGrant.update({ where: { id: row.grantId }, data: { scopes: held } });
    let scopes: string[] = held;
    if (scope !== null && scope.trim() !== "") {
      const asked = [...new Set(scope.trim().split(/\s+/))];
      if (asked.some((s) => !held.includes(s as (typeof held)[number]))) return { fail: new OAuthError("invalid_scope", "The requested scope exceeds the granted scope.") };
      scopes = held.filter((s) => asked.includes(s));
    }
    const issued = await issueTokenPair(tx, { id: row.grantId, clientId: row.clientId, userId: row.userId, organizationId: row.organizationId }, scopes);
    await tx.oAuthRefreshToken.update({ where: { id: row.id }, data: { rotatedAt: new Date(), successor: sealSuccessor(issued) } });
    // Past the grace window no successor is handed out again: erase the sealed copies.
    await tx.oAuthRefreshToken.updateMany({
      where: { grantId: row.grantId, successor: { not: null }, rotatedAt: { lt: new Date(Date.now() - REFRESH_REUSE_GRACE_SECONDS * 1000) } },
      data: { successor: null },
    });
    // A grant refreshed hourly for years must not pile up rows: its access tokens expired over a day ago go.
    await tx.oAuthAccessToken.deleteMany({ where: { grantId: row.grantId, expiresAt: { lt: new Date(Date.now() - 86_400_000) } } });
    // Rotated refresh tokens are kept 30 days for replay detection, then forgotten (a later replay is simply unknown).
    await tx.oAuthRefreshToken.deleteMany({ where: { grantId: row.grantId, rotatedAt: { lt: new Date(Date.now() - 30 * 86_400_000) } } });
    return { ok: issued };
  });
  return settle(db, outcome);
}
