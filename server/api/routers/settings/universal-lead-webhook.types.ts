import { z } from "zod";

export const universalLeadWebhookOutput = z.object({ enabled: z.boolean() });
export const setUniversalLeadWebhookInput = z.object({ enabled: z.boolean() });
