import { createTRPCRouter } from "../../trpc";
import {
  assignmentsByPoolProcedure,
  leadsPerMemberProcedure,
  myAttentionProcedure,
  newLeadsBySourceProcedure,
  pipelineFunnelProcedure,
  responseTimeProcedure,
  wonLostProcedure,
} from "./home-widgets";

/**
 * The home page's widgets, one procedure each (dashboard door only). Widgets
 * for sequences' calls to make and calendar meetings join here when those
 * areas exist (see server/home/widgets/).
 */
export const homeRouter = createTRPCRouter({
  myAttention: myAttentionProcedure,
  newLeadsBySource: newLeadsBySourceProcedure,
  pipelineFunnel: pipelineFunnelProcedure,
  wonLost: wonLostProcedure,
  leadsPerMember: leadsPerMemberProcedure,
  assignmentsByPool: assignmentsByPoolProcedure,
  responseTime: responseTimeProcedure,
});
