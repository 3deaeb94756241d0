import { protectedProcedure } from "../../trpc";
import { assignmentsLast30Days, leadRouting } from "../../../round-robin/dashboard-reads";
import { assignmentsChartInput, assignmentsChartOutput, leadRoutingInput, leadRoutingOutput } from "./dashboard-reads.types";

export const leadRoutingProcedure = protectedProcedure
  .meta({ scope: "round-robin:read" })
  .input(leadRoutingInput)
  .output(leadRoutingOutput)
  .query(({ ctx, input }) => leadRouting(ctx, input.leadId));

export const assignmentsChartProcedure = protectedProcedure
  .meta({ scope: "round-robin:read" })
  .input(assignmentsChartInput)
  .output(assignmentsChartOutput)
  .query(({ ctx, input }) => assignmentsLast30Days(ctx, input.roundRobinId));
