import { randomBytes } from "node:crypto";
import { z } from "zod";
import type { Db, DbTx } from "../db/client";
import type { OAuthClient } from "../db/generated/client";
import { generateOAuthClientId, sha256Hex } from "../auth/tokens";
import { redirectUriSchema } from "./redirect-uris";

/**
 * Registers a connected app. Confidential clients (the platforms' servers)
 * get a secret, shown once here and stored as its SHA-256 digest (a 256-bit
 * random value needs no slow hash). Public clients have no secret and must
 * send a PKCE S256 challenge on every authorization.
 */
export const registerOAuthClientInputSchema = z.object({
  name: z.string().trim().min(1).max(200),
  redirectUris: z.array(redirectUriSchema).min(1, "at least one redirect URI").max(20),
  isPublic: z.boolean().default(false),
  logoUrl: z
    .url({ protocol: /^https$/, message: "must be an https URL" })
    .max(2000)
    .nullable()
    .default(null),
  /** Null for a platform-wide app (operator CLI); an organization id for an owner's private app. */
  organizationId: z.guid().nullable().default(null),
  isActive: z.boolean().default(true),
});

export type RegisterOAuthClientInput = z.input<typeof registerOAuthClientInputSchema>;

export const CLIENT_SECRET_PREFIX = "ocs_";

export function generateClientSecret(): { secret: string; secretHash: string } {
  const secret = CLIENT_SECRET_PREFIX + randomBytes(32).toString("base64url");
  return { secret, secretHash: sha256Hex(secret) };
}

export interface RegisteredClient {
  client: OAuthClient;
  /** The raw secret of a confidential client; null for a public one. It exists only in this answer. */
  clientSecret: string | null;
}

export async function registerOAuthClient(db: Db | DbTx, input: RegisterOAuthClientInput): Promise<RegisteredClient> {
  const valid = registerOAuthClientInputSchema.parse(input);
  const secret = valid.isPublic ? null : generateClientSecret();
  const client = await db.oAuthClient.create({
    data: {
      clientId: generateOAuthClientId(),
      name: valid.name,
      redirectUris: [...new Set(valid.redirectUris)],
      isPublic: valid.isPublic,
      logoUrl: valid.logoUrl,
      organizationId: valid.organizationId,
      isActive: valid.isActive,
      secretHash: secret?.secretHash ?? null,
    },
  });
  return { client, clientSecret: secret?.secret ?? null };
}
