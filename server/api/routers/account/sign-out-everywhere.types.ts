import { z } from "zod";

export const signOutEverywhereInput = z.object({});
export const signOutEverywhereOutput = z.object({ ok: z.literal(true) });
