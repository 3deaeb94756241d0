import { z } from "zod";

export const sendTestMailInput = z.void();
export const sendTestMailOutput = z.object({ id: z.uuid(), to: z.string() });
