import { z } from "zod";
import { timestampSchema } from "../../schemas/timestamp";
import { redirectUriSchema } from "../../../oauth/redirect-uris";

export const privateAppSchema = z.object({
  id: z.string(),
  clientId: z.string().describe("Public client id to configure in the automation tool"),
  name: z.string(),
  redirectUris: z.array(z.string()),
  isPublic: z.boolean().describe("No secret; PKCE S256 required"),
  logoUrl: z.string().nullable(),
  isActive: z.boolean(),
  createdAt: timestampSchema,
});

export const listPrivateAppsInput = z.void();
export const listPrivateAppsOutput = z.object({ data: z.array(privateAppSchema) });

export const createPrivateAppInput = z.object({
  name: z.string().trim().min(1, "enter a name").max(200, "at most 200 characters"),
  redirectUris: z.array(redirectUriSchema).min(1, "enter at least one redirect URI").max(20, "at most 20 redirect URIs"),
  isPublic: z.boolean(),
  logoUrl: z.url({ protocol: /^https$/, message: "validation.httpsUrl" }).max(2000).nullable(),
});
export const createPrivateAppOutput = z.object({
  app: privateAppSchema,
  clientSecret: z.string().nullable().describe("Shown once; null for a public app"),
});

export const setPrivateAppActiveInput = z.object({ id: z.string(), isActive: z.boolean() });
export const setPrivateAppActiveOutput = privateAppSchema;
