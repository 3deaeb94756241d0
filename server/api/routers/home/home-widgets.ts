import { protectedProcedure } from "../../trpc";
import { ANY_ROLE } from "../../../auth/roles";
import { assignmentsByPool } from "../../../home/widgets/assignments-by-pool";
import { leadsPerMember } from "../../../home/widgets/leads-per-member";
import { myLeadsNeedingAttention } from "../../../home/widgets/my-attention";
import { newLeadsBySource } from "../../../home/widgets/new-leads-by-source";
import { pipelineFunnel } from "../../../home/widgets/pipeline-funnel";
import { responseTime } from "../../../home/widgets/response-time";
import { wonLost } from "../../../home/widgets/won-lost";
import { myCallsToMake } from "../../../home/widgets/my-calls";
import { myMeetings } from "../../../home/widgets/my-meetings";
import {
  assignmentsByPoolOutput,
  homeWindowInput,
  leadsPerMemberOutput,
  myAttentionOutput,
  newLeadsBySourceOutput,
  pipelineFunnelOutput,
  responseTimeOutput,
  wonLostOutput,
  myCallsOutput,
  myMeetingsOutput,
} from "./home-widgets.types";

const leadsRead = protectedProcedure.meta({ scope: "leads:read", roles: ANY_ROLE }).input(homeWindowInput);

export const myAttentionProcedure = leadsRead.output(myAttentionOutput).query(({ ctx }) => myLeadsNeedingAttention(ctx));
export const newLeadsBySourceProcedure = leadsRead
  .output(newLeadsBySourceOutput)
  .query(({ ctx, input }) => newLeadsBySource(ctx, input));
export const pipelineFunnelProcedure = leadsRead.output(pipelineFunnelOutput).query(({ ctx }) => pipelineFunnel(ctx));
export const wonLostProcedure = leadsRead.output(wonLostOutput).query(({ ctx, input }) => wonLost(ctx, input));
export const leadsPerMemberProcedure = leadsRead.output(leadsPerMemberOutput).query(({ ctx, input }) => leadsPerMember(ctx, input));
export const assignmentsByPoolProcedure = leadsRead
  .output(assignmentsByPoolOutput)
  .query(({ ctx, input }) => assignmentsByPool(ctx, input));
export const responseTimeProcedure = leadsRead.output(responseTimeOutput).query(({ ctx, input }) => responseTime(ctx, input));

/** The /calls queue's tasks, so the same scope as the queue. */
export const myCallsProcedure = protectedProcedure
  .meta({ scope: "sequences:read", roles: ANY_ROLE })
  .input(homeWindowInput)
  .output(myCallsOutput)
  .query(({ ctx }) => myCallsToMake(ctx));
/** The Calendar page's listing for the signed-in member, so the same scope. */
export const myMeetingsProcedure = protectedProcedure
  .meta({ scope: "calendar:read", roles: ANY_ROLE })
  .input(homeWindowInput)
  .output(myMeetingsOutput)
  .query(({ ctx }) => myMeetings(ctx));
