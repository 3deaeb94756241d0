import { createTRPCRouter } from "../../trpc";
import {
  assignmentsByPoolProcedure,
  leadsPerMemberProcedure,
  myAttentionProcedure,
  newLeadsBySourceProcedure,
  pipelineFunnelProcedure,
  responseTimeProcedure,
  wonLostProcedure,
  myCallsProcedure,
  myMeetingsProcedure,
} from "./home-widgets";

/**
 * The home page's widgets, one procedure each (dashboard door only), one
 * file per widget in server/home/widgets/.
 */
export const homeRouter = createTRPCRouter({
  myAttention: myAttentionProcedure,
  newLeadsBySource: newLeadsBySourceProcedure,
  pipelineFunnel: pipelineFunnelProcedure,
  wonLost: wonLostProcedure,
  leadsPerMember: leadsPerMemberProcedure,
  assignmentsByPool: assignmentsByPoolProcedure,
  responseTime: responseTimeProcedure,
  myCalls: myCallsProcedure,
  myMeetings: myMeetingsProcedure,
});
