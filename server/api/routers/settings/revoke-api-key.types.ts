import { z } from "zod";

export const revokeApiKeyInput = z.object({ id: z.string() });

export const revokeApiKeyOutput = z.object({ id: z.string() });
