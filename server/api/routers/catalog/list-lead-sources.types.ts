import { z } from "zod";
import type { ProcedureMeta } from "../../trpc";
import { LEAD_SOURCES } from "../../../leads/lead-enums";

export const listLeadSourcesMeta = {
  scope: "leads:read",
  openapi: {
    method: "GET",
    path: "/lead-sources",
    tags: ["Catalog"],
    summary: "Lead source catalog",
    description:
      "The values `source` is stored as; `id` equals `name`. A lead created with any other source string is stored " +
      "as `other`, with the string in `sourceMetadata.providedSource`. Not paginated.",
  },
} as const satisfies ProcedureMeta;

export const listLeadSourcesInput = z.void();

export const listLeadSourcesOutput = z.object({
  data: z.array(z.object({ id: z.enum(LEAD_SOURCES), name: z.enum(LEAD_SOURCES) })),
});
