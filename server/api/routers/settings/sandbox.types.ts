import { z } from "zod";
import { timestampSchema } from "../../schemas/timestamp";

export const sandboxSummarySchema = z.object({
  id: z.uuid(),
  name: z.string(),
  slug: z.string().nullable(),
  createdAt: timestampSchema,
});

export const getSandboxInput = z.void();

export const getSandboxOutput = z.object({
  isSandbox: z.boolean().describe("The current organization is itself a sandbox"),
  liveOrganization: z.object({ id: z.uuid(), name: z.string() }).nullable().describe("A sandbox's live organization"),
  sandbox: sandboxSummarySchema.nullable().describe("A live organization's sandbox, once made"),
});

export const createSandboxInput = z.void();

export const createSandboxOutput = sandboxSummarySchema;
