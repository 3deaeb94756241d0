import { z } from "zod";

export const revokeConnectedAppInput = z.object({ id: z.string() });

export const revokeConnectedAppOutput = z.object({ id: z.string(), revokedTokens: z.number().int() });
