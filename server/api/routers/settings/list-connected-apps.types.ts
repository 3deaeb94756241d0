import { z } from "zod";
import { timestampSchema } from "../../schemas/timestamp";

export const connectedAppSchema = z.object({
  id: z.string().describe("The client's row id"),
  clientId: z.string().describe("Public client id"),
  name: z.string(),
  isActive: z.boolean().describe("False when the client is disabled for everyone"),
  users: z.array(z.object({ id: z.string(), name: z.string(), email: z.string() })),
  scopes: z.array(z.string()),
  tokenCount: z.number().int(),
  connectedAt: timestampSchema,
  lastUsedAt: timestampSchema.nullable(),
});

export const listConnectedAppsInput = z.void();

export const listConnectedAppsOutput = z.object({ data: z.array(connectedAppSchema) });
