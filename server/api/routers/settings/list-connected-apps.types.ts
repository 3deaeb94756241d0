import { z } from "zod";
import { timestampSchema } from "../../schemas/timestamp";

export const connectedAppSchema = z.object({
  id: z.string().describe("The grant's id (one connection of one person)"),
  clientId: z.string().describe("Public client id"),
  name: z.string(),
  logoUrl: z.string().nullable(),
  isActive: z.boolean().describe("False when the client is disabled for everyone"),
  user: z.object({ id: z.string(), name: z.string(), email: z.string() }).describe("Who connected it"),
  scopes: z.array(z.string()),
  connectedAt: timestampSchema,
  lastUsedAt: timestampSchema.nullable(),
});

export const listConnectedAppsInput = z.void();

export const listConnectedAppsOutput = z.object({ data: z.array(connectedAppSchema) });
