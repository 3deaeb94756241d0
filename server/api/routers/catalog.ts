import { z } from "zod";
import { createTRPCRouter, protectedProcedure } from "../trpc";
import { LEAD_SOURCES } from "../../leads/lead-enums";
import { leadSourceCatalog } from "../../leads/lead-source";
import { listStages } from "../../pipeline/list-stages";

/** Read-only lookups for building lead forms: the lead source catalog and the pipeline. */
export const catalogRouter = createTRPCRouter({
  leadSources: protectedProcedure
    .meta({
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
    })
    .input(z.void())
    .output(z.object({ data: z.array(z.object({ id: z.enum(LEAD_SOURCES), name: z.enum(LEAD_SOURCES) })) }))
    .query(() => ({ data: leadSourceCatalog() })),

  pipelineStages: protectedProcedure
    .meta({
      scope: "leads:read",
      openapi: {
        method: "GET",
        path: "/pipeline/stages",
        tags: ["Catalog"],
        summary: "Pipeline stages",
        description:
          "The organization's stages in display order (`order` ascending). Every organization starts with new, " +
          "contacted, qualified, proposal, negotiation (`stageKind` open), won (won) and lost (lost), whose `systemKey` " +
          "is that name; custom stages have a null `systemKey`. Not paginated.",
      },
    })
    .input(z.void())
    .output(
      z.object({
        data: z.array(
          z.object({
            id: z.string().describe("Stage id (uuid), used as `stageId` on leads"),
            name: z.string(),
            color: z.string().describe("Hex color, e.g. #22C55E"),
            order: z.number().int().describe("Ascending display order"),
            stageKind: z.enum(["open", "won", "lost"]),
            systemKey: z.string().nullable(),
            createdAt: z.string(),
            updatedAt: z.string(),
          }),
        ),
      }),
    )
    .query(({ ctx }) => listStages(ctx.db, ctx.principal.organizationId)),
});
