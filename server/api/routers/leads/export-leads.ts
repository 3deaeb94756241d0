import { protectedProcedure } from "../../trpc";
import { exportLeads } from "../../../leads/export/export-leads";
import { projectFunnelFilterOf } from "./funnel-filter";
import { exportLeadsInput, exportLeadsMeta, exportLeadsOutput } from "./export-leads.types";

export const exportLeadsProcedure = protectedProcedure
  .meta(exportLeadsMeta)
  .input(exportLeadsInput)
  .output(exportLeadsOutput)
  .query(({ ctx, input }) => exportLeads(ctx, { ...input, projectFunnel: projectFunnelFilterOf(input) }));
