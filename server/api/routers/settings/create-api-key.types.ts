import { z } from "zod";
import { scopeSchema } from "../../../auth/scopes";
import { apiKeySchema } from "./api-key.types";

export const createApiKeyInput = z.object({
  name: z.string().trim().min(1, "enter a name").max(100, "at most 100 characters"),
  scopes: z.array(scopeSchema).min(1, "choose at least one scope"),
  expiresAt: z.iso
    .datetime({ message: "validation.date" })
    .nullable()
    .refine((value) => value === null || Date.parse(value) > Date.now(), "validation.inTheFuture"),
});

export const createApiKeyOutput = z.object({
  key: z.string().describe("The raw key, shown once"),
  apiKey: apiKeySchema,
});
