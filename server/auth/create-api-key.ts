import { z } from "zod";
import type { Db, DbTx } from "../db/client";
import type { ApiKey } from "../db/generated/client";
import { SCOPES, scopeSchema } from "./scopes";
import { generateApiKey } from "./tokens";

export const createApiKeyInputSchema = z.object({
  organizationId: z.guid(),
  name: z.string().trim().min(1).max(100),
  /** Stored in catalogue order without duplicates; an empty list is a valid (useless until edited) key. */
  scopes: z.array(scopeSchema).transform((scopes) => SCOPES.filter((scope) => scopes.includes(scope))),
  /**
   * Null: never expires. A past date is accepted on purpose (it yields a key
   * that is refused as expired); forms that must forbid it check it themselves.
   */
  expiresAt: z.date().nullable().default(null),
  createdById: z.guid().nullable().default(null),
});

export type CreateApiKeyInput = z.input<typeof createApiKeyInputSchema>;

export interface CreatedApiKey {
  apiKey: ApiKey;
  /** The raw key. It exists only here: the database keeps its SHA-256 digest. */
  key: string;
}

export async function createApiKey(db: Db | DbTx, input: CreateApiKeyInput): Promise<CreatedApiKey> {
  const valid = createApiKeyInputSchema.parse(input);
  const { key, keyHash, displayPrefix } = generateApiKey();
  const apiKey = await db.apiKey.create({ data: { ...valid, keyHash, displayPrefix } });
  return { apiKey, key };
}
