import { Prisma, type PrismaClient } from "../db/generated/client";
import { preparedStatement } from "../db/prepared-statements";
import { ApiError } from "../errors/api-error";
import { resolveLeadVisibility, type LeadVisibilitySetting } from "../leads/lead-visibility";
import { buildPrincipal, toPrincipalOrganization, type Principal, type PrincipalOrganization } from "./principal";
import type { MemberRole } from "./roles";
import { API_KEY_PATTERN, API_KEY_PREFIX, digestsEqual, sha256Hex } from "./tokens";

const LAST_USED_WRITE_INTERVAL_MS = 60_000;
const BEARER = /^Bearer ([\x21-\x7e]{8,512})$/;

/**
 * `lastUsedAt` is written at most once a minute per credential, off the
 * request's critical path, so a busy key costs no extra write per request.
 */
function touchLastUsed(update: (threshold: Date, now: Date) => Promise<unknown>, lastUsedAt: Date | null) {
  const now = new Date();
  if (lastUsedAt && now.getTime() - lastUsedAt.getTime() < LAST_USED_WRITE_INTERVAL_MS) return;
  void update(new Date(now.getTime() - LAST_USED_WRITE_INTERVAL_MS), now).catch(() => {});
}

/** The organization columns a principal carries, as selected by the lookups below (prefix `o`). */
const ORGANIZATION_COLUMNS = Prisma.sql`o."name" AS "orgName", o."slug" AS "orgSlug", o."locale"::text AS "orgLocale",
  o."timezone" AS "orgTimezone", o."sandboxOfId" AS "orgSandboxOfId", o."rateLimitExempt", o."rateLimitPerSecond", o."rateLimitPerMinute", o."rateLimitPerMonth",
  o."leadVisibility"::text AS "leadVisibility", o."maxLeads"`;

interface OrganizationColumns {
  orgName: string;
  orgSlug: string | null;
  orgLocale: "en" | "es";
  orgTimezone: string | null;
  orgSandboxOfId: string | null;
  rateLimitExempt: boolean;
  rateLimitPerSecond: number | null;
  rateLimitPerMinute: number | null;
  rateLimitPerMonth: number | null;
  leadVisibility: LeadVisibilitySetting;
  maxLeads: number | null;
}

function organizationOf(id: string, row: OrganizationColumns): PrincipalOrganization {
  return toPrincipalOrganization({
    id,
    name: row.orgName,
    slug: row.orgSlug,
    locale: row.orgLocale,
    timezone: row.orgTimezone,
    sandboxOfId: row.orgSandboxOfId,
    rateLimitExempt: row.rateLimitExempt,
    rateLimitPerSecond: row.rateLimitPerSecond,
    rateLimitPerMinute: row.rateLimitPerMinute,
    rateLimitPerMonth: row.rateLimitPerMonth,
    leadVisibility: row.leadVisibility,
    maxLeads: row.maxLeads,
  });
}

interface ApiKeyRow extends OrganizationColumns {
  id: string;
  name: string;
  organizationId: string;
  keyHash: string;
  scopes: string[];
  isActive: boolean;
  expiresAt: Date | null;
  lastUsedAt: Date | null;
}

interface AccessTokenRow extends Partial<OrganizationColumns> {
  id: string;
  tokenHash: string;
  userId: string;
  organizationId: string | null;
  scopes: string[];
  expiresAt: Date;
  revokedAt: Date | null;
  grantRevokedAt: Date | null;
  lastUsedAt: Date | null;
  clientDbId: string;
  clientId: string;
  clientActive: boolean;
  /** The token owner's current role in the token's organization; null when no longer a member. */
  memberRole: MemberRole | null;
}

/**
 * Turns an Authorization header into a Principal or throws the spec's auth
 * error: 401 for a missing/malformed header, an unknown credential or an
 * expired OAuth token; 403 for a revoked or expired key, a disabled client or
 * an unbound connection. Credentials are looked up by their SHA-256 digest
 * (the raw value is never stored or logged) and the digest is compared again
 * in constant time. Each kind of credential is one query, with its
 * organization (and, for OAuth, its client and the membership) joined in.
 */
export async function resolvePrincipalFromBearer(db: PrismaClient, header: string | null): Promise<Principal> {
  if (header === null || header.trim() === "") throw new ApiError("UNAUTHORIZED", "auth.missing");
  const match = BEARER.exec(header.trim());
  const token = match?.[1];
  if (!token) throw new ApiError("UNAUTHORIZED", "auth.malformed");
  const digest = sha256Hex(token);

  if (token.startsWith(API_KEY_PREFIX)) {
    // A well-formed header whose key is mistyped (a character lost or added): the key is wrong, not the header.
    if (!API_KEY_PATTERN.test(token)) throw new ApiError("UNAUTHORIZED", "auth.unknown");
    // Every request with a key runs this lookup by a unique hash: prepared once per connection.
    const [key] = await db.$queryRaw<ApiKeyRow[]>(preparedStatement(Prisma.sql`
      SELECT k."id", k."name", k."organizationId", k."keyHash", k."scopes", k."isActive", k."expiresAt", k."lastUsedAt", ${ORGANIZATION_COLUMNS}
      FROM "ApiKey" k JOIN "Organization" o ON o."id" = k."organizationId"
      WHERE k."keyHash" = ${digest}`));
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
    return buildPrincipal(organizationOf(key.organizationId, key), { kind: "api_key", apiKeyId: key.id, apiKeyName: key.name, scopes: key.scopes });
  }

  const [accessToken] = await db.$queryRaw<AccessTokenRow[]>(preparedStatement(Prisma.sql`
    SELECT t."id", t."tokenHash", t."userId", t."organizationId", t."scopes", t."expiresAt", t."revokedAt", t."lastUsedAt", g."revokedAt" AS "grantRevokedAt",
           c."id" AS "clientDbId", c."clientId", c."isActive" AS "clientActive",
           (SELECT m."role"::text FROM "Membership" m WHERE m."organizationId" = t."organizationId" AND m."userId" = t."userId") AS "memberRole",
           ${ORGANIZATION_COLUMNS}
    FROM "OAuthAccessToken" t
    JOIN "OAuthClient" c ON c."id" = t."clientId"
    LEFT JOIN "Organization" o ON o."id" = t."organizationId"
    LEFT JOIN "OAuthGrant" g ON g."id" = t."grantId"
    WHERE t."tokenHash" = ${digest}`));
  if (!accessToken || !digestsEqual(accessToken.tokenHash, digest) || accessToken.revokedAt || accessToken.grantRevokedAt) {
    throw new ApiError("UNAUTHORIZED", "auth.unknown");
  }
  if (accessToken.expiresAt.getTime() <= Date.now()) throw new ApiError("UNAUTHORIZED", "auth.tokenExpired");
  if (!accessToken.clientActive) throw new ApiError("FORBIDDEN", "auth.clientDisabled");
  const organizationId = accessToken.organizationId;
  if (!organizationId || accessToken.orgName === undefined || accessToken.orgName === null) {
    throw new ApiError("FORBIDDEN", "auth.notBound");
  }
  if (accessToken.memberRole === null) throw new ApiError("FORBIDDEN", "auth.notMember");
  touchLastUsed(
    (threshold, now) =>
      db.oAuthAccessToken.updateMany({
        where: { id: accessToken.id, OR: [{ lastUsedAt: null }, { lastUsedAt: { lt: threshold } }] },
        data: { lastUsedAt: now },
      }),
    accessToken.lastUsedAt,
  );
  const organization = organizationOf(organizationId, accessToken as AccessTokenRow & OrganizationColumns);
  // The token acts as its owner: it sees the leads they see.
  const leadVisibility = await resolveLeadVisibility(db, organization, { userId: accessToken.userId, role: accessToken.memberRole });
  // The owner's current role caps the token's scopes (buildPrincipal): a token granted before a demotion keeps only what the role may hold.
  return buildPrincipal(organization, {
    kind: "oauth",
    userId: accessToken.userId,
    role: accessToken.memberRole,
    leadVisibility,
    scopes: accessToken.scopes,
    clientId: accessToken.clientId,
    oauthClientDbId: accessToken.clientDbId,
  });
}
