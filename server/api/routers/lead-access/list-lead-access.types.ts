import { z } from "zod";
import { limitSchema, offsetSchema, paginated } from "../../schemas/pagination";
import { timestampSchema } from "../../schemas/timestamp";

/** Settings → Lead access (dashboard door only): who viewed or exported which leads, kept 90 days. */
export const listLeadAccessInput = z.object({
  kind: z.enum(["export", "view"]),
  limit: limitSchema({ max: 100, default: 25 }),
  offset: offsetSchema,
});

export const leadAccessEntrySchema = z.object({
  id: z.string(),
  kind: z.enum(["view", "export"]),
  actorName: z.string(),
  userId: z.string().nullable(),
  via: z.string().nullable().describe("The connected app a person acted through, if any"),
  source: z.enum(["ui", "api"]),
  leadCount: z.number().int(),
  lead: z.object({ id: z.string(), name: z.string().nullable() }).nullable(),
  createdAt: timestampSchema,
});

export const listLeadAccessOutput = paginated(leadAccessEntrySchema);
