import { protectedProcedure } from "../../trpc";
import { renderError } from "../../../errors/render-error";
import { writeLeadBatch } from "../../../leads/intake/write-lead-batch";
import { createLeadInput } from "./create-lead.types";
import { createLeadBatchInput, createLeadBatchMeta, createLeadBatchOutput } from "./create-lead-batch.types";

export const createLeadBatchProcedure = protectedProcedure
  .meta(createLeadBatchMeta)
  .input(createLeadBatchInput)
  .output(createLeadBatchOutput)
  .mutation(async ({ ctx, input }) => {
    const locale = ctx.principal.organization.locale;
    const audience = ctx.door === "trpc" ? ({ kind: "person", locale } as const) : ({ kind: "developer" } as const);
    const items = input.leads.map((item) => {
      const parsed = createLeadInput.safeParse(item);
      // Refused fields are named as a single request would name them; `index` says which item.
      return parsed.success ? { body: parsed.data } : { error: parsed.error };
    });
    const outcomes = await writeLeadBatch(ctx, items, { onDuplicate: input.onDuplicate, matchOn: input.matchOn }, ctx.door === "rest");
    return {
      data: outcomes.map((outcome) => {
        if (outcome.status !== "invalid") return outcome;
        const { code, message } = renderError(outcome.error, locale, audience);
        return { index: outcome.index, status: outcome.status, error: { code, message } };
      }),
    };
  });
