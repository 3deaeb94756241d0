import { z } from "zod";
import type { ProcedureMeta } from "../../trpc";
import { timestampSchema } from "../../schemas/timestamp";

export const listPipelineStagesMeta = {
  scope: "leads:read",
  openapi: {
    method: "GET",
    path: "/pipeline/stages",
    tags: ["Catalog"],
    summary: "Pipeline stages",
    description:
      "The organization's stages in display order (`order` ascending). Every organization starts with new, " +
      "contacted, qualified, proposal, negotiation (`stageKind` open), won (won), lost and unqualified (lost), whose " +
      "`systemKey` is that lead status; custom stages have a null `systemKey`. A lead's stage is its state and its " +
      "`status` is what the stage stands for: the status of its `systemKey`; for a custom stage `won`/`lost` by its " +
      "kind, or, when open, the status of the nearest stage with a `systemKey` before it (else `new`). Not paginated.",
  },
} as const satisfies ProcedureMeta;

export const listPipelineStagesInput = z.void();

export const listPipelineStagesOutput = z.object({
  data: z.array(
    z.object({
      id: z.string().describe("Stage id (uuid), used as `stageId` on leads"),
      name: z
        .string()
        .describe("The stage's name: for a default stage not renamed, its status in the organization's language (New, Nuevo…)"),
      color: z.string().describe("Hex color, e.g. #22C55E"),
      order: z.number().int().describe("Ascending display order"),
      stageKind: z.enum(["open", "won", "lost"]),
      systemKey: z.string().nullable(),
      createdAt: timestampSchema,
      updatedAt: timestampSchema,
    }),
  ),
});
