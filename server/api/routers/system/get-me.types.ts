import { z } from "zod";
import type { ProcedureMeta } from "../../trpc";

export const getMeMeta = {
  scope: "none",
  openapi: {
    method: "GET",
    path: "/me",
    tags: ["Connection"],
    summary: "Who am I",
    description:
      "Any valid bearer, even with no scopes. Returns the organization the token is bound to and the credential's " +
      "type and scopes. When this answers 200, authentication works and a failure elsewhere lies in scopes, plan " +
      "limits or validation.",
  },
} as const satisfies ProcedureMeta;

export const getMeInput = z.void();

export const getMeOutput = z.object({
  organization: z.object({
    id: z.string().uuid(),
    name: z.string(),
    slug: z.string().nullable().describe("May be null for older organizations"),
    sandbox: z
      .boolean()
      .describe("True for a sandbox organization (extension): it works like a live one but never sends WhatsApp messages, email or Google Calendar calls"),
  }),
  auth: z.object({
    type: z.enum(["api_key", "oauth", "session"]).describe("`api_key` or `oauth` on the REST door"),
    scopes: z.array(z.string()),
    clientId: z.string().nullable().describe("OAuth client id; null for API keys"),
    userId: z.string().nullable().describe("The token owner's user id for OAuth; null for API keys"),
  }),
});
