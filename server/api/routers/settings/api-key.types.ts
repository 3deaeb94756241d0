import { z } from "zod";
import { timestampSchema } from "../../schemas/timestamp";

/** An API key as Settings lists it; never the key itself. */
export const apiKeySchema = z.object({
  id: z.string(),
  name: z.string(),
  displayPrefix: z.string(),
  scopes: z.array(z.string()),
  createdBy: z.object({ name: z.string(), email: z.string() }).nullable(),
  createdAt: timestampSchema,
  lastUsedAt: timestampSchema.nullable(),
  expiresAt: timestampSchema.nullable(),
  isActive: z.boolean(),
  state: z.enum(["active", "expired", "revoked"]),
});
