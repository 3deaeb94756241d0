import { z } from "zod";
import { MAPPING_TARGETS } from "../../../lead-sources/field-mapping";

export const mappingTargetSchema = z.enum(MAPPING_TARGETS);

/** Question key → where its answer lands; keys as Meta names them in `field_data` (letters, digits, `_`, `-`, `.`). */
export const fieldMappingSchema = z
  .record(z.string().trim().min(1).max(100).regex(/^[\w.-]+$/, "validation.noSpaces"), mappingTargetSchema)
  .refine((mapping) => Object.keys(mapping).length <= 100, "at most 100 questions");

export const adPageSchema = z.object({
  id: z.uuid(),
  provider: z.string(),
  pageId: z.string(),
  pageName: z.string(),
  status: z.enum(["connected", "reconnect_required"]),
  statusReason: z.string().nullable().describe("Meta's reason when the page needs reconnecting"),
  fieldMapping: z.record(z.string(), mappingTargetSchema),
  leadsReceived: z.number().int(),
  lastLeadAt: z.string().nullable(),
  createdAt: z.string(),
});
