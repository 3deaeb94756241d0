import type { PrismaClient } from "../db/generated/client";
import { ApiError } from "../errors/api-error";
import type { Principal, PrincipalOrganization } from "./principal";
import { isScope, type Scope } from "./scopes";
import { API_KEY_PATTERN, API_KEY_PREFIX, digestsEqual, sha256Hex } from "./tokens";

const LAST_USED_WRITE_INTERVAL_MS = 60_000;
const BEARER = /^Bearer ([\x21-\x7e]{8,512})$/;

export const principalOrganizationSelect = {
  id: true,
  name: true,
  slug: true,
  locale: true,
  timezone: true,
  rateLimitExempt: true,
  rateLimitPerSecond: true,
  rateLimitPerMinute: true,
  rateLimitPerMonth: true,
} as const;

type SelectedOrganization = {
  id: string;
  name: string;
  slug: string | null;
  locale: "en" | "es";
  timezone: string | null;
  rateLimitExempt: boolean;
  rateLimitPerSecond: number | null;
  rateLimitPerMinute: number | null;
  rateLimitPerMonth: number | null;
};

export function toPrincipalOrganization(org: SelectedOrganization): PrincipalOrganization {
  const { rateLimitExempt, rateLimitPerSecond, rateLimitPerMinute, rateLimitPerMonth, ...rest } = org;
  return { ...rest, rateLimits: { rateLimitExempt, rateLimitPerSecond, rateLimitPerMinute, rateLimitPerMonth } };
}

function knownScopes(scopes: string[]): Scope[] {
  return scopes.filter(isScope);
}

/**
 * `lastUsedAt` is written at most once a minute per credential, off the
 * request's critical path, so a busy key costs no extra write per request.
 */
function touchLastUsed(update: (threshold: Date, now: Date) => Promise<unknown>, lastUsedAt: Date | null) {
  const now = new Date();
  if (lastUsedAt && now.getTime() - lastUsedAt.getTime() < LAST_USED_WRITE_INTERVAL_MS) return;
  void update(new Date(now.getTime() - LAST_USED_WRITE_INTERVAL_MS), now).catch(() => {});
}

/**
 * Turns an Authorization header into a Principal or throws the spec's auth
 * error: 401 for a missing/malformed header, an unknown credential or an
 * expired OAuth token; 403 for a revoked or expired key, a disabled client or
 * an unbound connection. Credentials are looked up by their SHA-256 digest
 * (the raw value is never stored or logged) and the digest is compared again
 * in constant time.
 */
export async function resolvePrincipalFromBearer(db: PrismaClient, header: string | null): Promise<Principal> {
  if (header === null || header.trim() === "") throw new ApiError("UNAUTHORIZED", "auth.missing");
  const match = BEARER.exec(header.trim());
  const token = match?.[1];
  if (!token) throw new ApiError("UNAUTHORIZED", "auth.malformed");
  const digest = sha256Hex(token);

  if (token.startsWith(API_KEY_PREFIX)) {
    if (!API_KEY_PATTERN.test(token)) throw new ApiError("UNAUTHORIZED", "auth.malformed");
    const key = await db.apiKey.findUnique({
      where: { keyHash: digest },
      include: { organization: { select: principalOrganizationSelect } },
    });
    if (!key || !digestsEqual(key.keyHash, digest)) throw new ApiError("UNAUTHORIZED", "auth.unknown");
    if (!key.isActive) throw new ApiError("FORBIDDEN", "auth.keyInactive");
    if (key.expiresAt && key.expiresAt.getTime() <= Date.now()) throw new ApiError("FORBIDDEN", "auth.keyExpired");
    touchLastUsed(
      (threshold, now) =>
        db.apiKey.updateMany({
          where: { id: key.id, OR: [{ lastUsedAt: null }, { lastUsedAt: { lt: threshold } }] },
          data: { lastUsedAt: now },
        }),
      key.lastUsedAt,
    );
    return {
      organizationId: key.organizationId,
      organization: toPrincipalOrganization(key.organization),
      kind: "api_key",
      scopes: knownScopes(key.scopes),
      userId: null,
      clientId: null,
      apiKeyId: key.id,
      oauthClientDbId: null,
      source: "api",
    };
  }

  const accessToken = await db.oAuthAccessToken.findUnique({
    where: { tokenHash: digest },
    include: { client: true, organization: { select: principalOrganizationSelect } },
  });
  if (!accessToken || !digestsEqual(accessToken.tokenHash, digest) || accessToken.revokedAt) {
    throw new ApiError("UNAUTHORIZED", "auth.unknown");
  }
  if (accessToken.expiresAt.getTime() <= Date.now()) throw new ApiError("UNAUTHORIZED", "auth.tokenExpired");
  if (!accessToken.client.isActive) throw new ApiError("FORBIDDEN", "auth.clientDisabled");
  if (!accessToken.organizationId || !accessToken.organization) throw new ApiError("FORBIDDEN", "auth.notBound");
  const membership = await db.membership.findUnique({
    where: { organizationId_userId: { organizationId: accessToken.organizationId, userId: accessToken.userId } },
    select: { id: true },
  });
  if (!membership) throw new ApiError("FORBIDDEN", "auth.notMember");
  touchLastUsed(
    (threshold, now) =>
      db.oAuthAccessToken.updateMany({
        where: { id: accessToken.id, OR: [{ lastUsedAt: null }, { lastUsedAt: { lt: threshold } }] },
        data: { lastUsedAt: now },
      }),
    accessToken.lastUsedAt,
  );
  return {
    organizationId: accessToken.organizationId,
    organization: toPrincipalOrganization(accessToken.organization),
    kind: "oauth",
    scopes: knownScopes(accessToken.scopes),
    userId: accessToken.userId,
    clientId: accessToken.client.clientId,
    apiKeyId: null,
    oauthClientDbId: accessToken.client.id,
    source: "api",
  };
}
