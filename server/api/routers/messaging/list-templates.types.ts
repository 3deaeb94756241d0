import { z } from "zod";

export const listTemplatesInput = z.object({ senderId: z.uuid().optional() });

export const listTemplatesOutput = z.object({
  data: z.array(
    z.object({
      name: z.string(),
      language: z.string(),
      category: z.string(),
      body: z.string(),
      parameterCount: z.number().int(),
    }),
  ),
});
