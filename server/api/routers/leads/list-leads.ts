import { protectedProcedure } from "../../trpc";
import { pageOf } from "../../schemas/pagination";
import { listLeads } from "../../../leads/list-leads";
import { projectFunnelFilterOf } from "./funnel-filter";
import { listLeadsInput, listLeadsMeta, listLeadsOutput } from "./list-leads.types";

export const listLeadsProcedure = protectedProcedure
  .meta(listLeadsMeta)
  .input(listLeadsInput)
  .output(listLeadsOutput)
  .query(async ({ ctx, input }) => {
    const { claim, ...request } = input;
    // An API key has no person: nobody to claim for, so the nil id matches nothing.
    const claimableBy = claim === "mine" ? (ctx.principal.userId ?? "00000000-0000-0000-0000-000000000000") : undefined;
    const result = await listLeads(ctx, { ...request, projectFunnel: projectFunnelFilterOf(input), ...(claimableBy ? { claimableBy } : {}) });
    const { data, pagination } = pageOf(result, input);
    // A cursor page is not at an offset: it answers 0 and says itself whether more leads follow.
    const cursorPage = input.cursor === undefined ? {} : { offset: 0, hasMore: result.hasMore ?? false };
    return { data, pagination: { ...pagination, ...cursorPage, nextCursor: result.nextCursor } };
  });
