import { z } from "zod";
import type { Db, DbTx } from "../db/client";
import type { OAuthAccessToken, OAuthClient } from "../db/generated/client";
import { ApiError } from "../errors/api-error";
import { SCOPES, scopeSchema, scopesHeldBy } from "./scopes";
import { generateOAuthAccessToken, generateOAuthClientId } from "./tokens";

/**
 * OAuth clients (the automation-platform apps) and their access tokens. Token
 * issuance through an authorization flow is not part of the public contract;
 * these functions are the primitives such a flow (and the admin CLI) uses.
 */

export const DEFAULT_ACCESS_TOKEN_TTL_SECONDS = 3600;

export const createOAuthClientInputSchema = z.object({
  name: z.string().trim().min(1).max(200),
  redirectUris: z.array(z.url()).default([]),
  /** A disabled client's tokens are refused with 403 until it is enabled again. */
  isActive: z.boolean().default(true),
});

export async function createOAuthClient(
  db: Db | DbTx,
  input: z.input<typeof createOAuthClientInputSchema>,
): Promise<OAuthClient> {
  const valid = createOAuthClientInputSchema.parse(input);
  return db.oAuthClient.create({ data: { ...valid, clientId: generateOAuthClientId() } });
}

/** Looks a client up by the public identifier integrators know it by. */
export function findOAuthClientByClientId(db: Db | DbTx, clientId: string): Promise<OAuthClient | null> {
  return db.oAuthClient.findUnique({ where: { clientId: clientId.trim() } });
}

export const issueOAuthAccessTokenInputSchema = z.object({
  /** The client's row id (OAuthClient.id), not its public clientId. */
  oauthClientId: z.guid(),
  userId: z.guid(),
  /**
   * Null issues a connection that was never bound to an organization; it is
   * refused with 403 on use. Otherwise the user must be a member.
   */
  organizationId: z.guid().nullable(),
  scopes: z.array(scopeSchema).transform((scopes) => SCOPES.filter((scope) => scopes.includes(scope))),
  /** A past instant is allowed: it yields a token that is refused as expired. */
  expiresAt: z.date(),
});

export interface IssuedAccessToken {
  accessToken: OAuthAccessToken;
  /** The raw bearer token. It exists only here: the database keeps its SHA-256 digest. */
  token: string;
}

/**
 * Issues an access token. Whether the client is enabled is checked when the
 * token is used, not here, so that disabling a client also cuts off tokens
 * issued before.
 */
export async function issueOAuthAccessToken(
  db: Db | DbTx,
  input: z.input<typeof issueOAuthAccessTokenInputSchema>,
): Promise<IssuedAccessToken> {
  const valid = issueOAuthAccessTokenInputSchema.parse(input);
  if (valid.organizationId !== null) {
    const membership = await db.membership.findUnique({
      where: { organizationId_userId: { organizationId: valid.organizationId, userId: valid.userId } },
      select: { role: true },
    });
    if (!membership) {
      throw ApiError.text("INVALID_MEMBER", "The user is not a member of the organization.");
    }
    // As on the consent page: a person hands an app only the scopes their role may hold.
    valid.scopes = scopesHeldBy(membership.role, valid.scopes);
  }
  const { token, tokenHash } = generateOAuthAccessToken();
  // A bound token belongs to a grant, like one issued through the consent page: it is listed and revoked as a connection.
  const grant =
    valid.organizationId === null
      ? null
      : await db.oAuthGrant.create({
          data: { clientId: valid.oauthClientId, userId: valid.userId, organizationId: valid.organizationId, scopes: valid.scopes },
        });
  const accessToken = await db.oAuthAccessToken.create({
    data: {
      tokenHash,
      clientId: valid.oauthClientId,
      userId: valid.userId,
      organizationId: valid.organizationId,
      scopes: valid.scopes,
      expiresAt: valid.expiresAt,
      grantId: grant?.id ?? null,
    },
  });
  return { accessToken, token };
}
