import { protectedProcedure } from "../../trpc";
import { ANY_ROLE } from "../../../auth/roles";
import { assignmentsLast30Days, leadRouting } from "../../../round-robin/dashboard-reads";
import { assignmentsChartInput, assignmentsChartOutput, leadRoutingInput, leadRoutingOutput } from "./dashboard-reads.types";

export const leadRoutingProcedure = protectedProcedure
  .meta({ scope: "round-robin:read", roles: ANY_ROLE })
  .input(leadRoutingInput)
  .output(leadRoutingOutput)
  .query(({ ctx, input }) => leadRouting(ctx, input.leadId));

export const assignmentsChartProcedure = protectedProcedure
  .meta({ scope: "round-robin:read", roles: ANY_ROLE })
  .input(assignmentsChartInput)
  .output(assignmentsChartOutput)
  .query(({ ctx, input }) => assignmentsLast30Days(ctx, input.roundRobinId));
