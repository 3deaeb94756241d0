import { protectedProcedure } from "../../trpc";
import { getSpeedPolicy, updateSpeedPolicy } from "../../../round-robin/speed-policy";
import { getSpeedPolicyMeta, speedPolicyInput, speedPolicyOutput, updateSpeedPolicyInput, updateSpeedPolicyMeta } from "./speed-policy.types";

export const getSpeedPolicyProcedure = protectedProcedure
  .meta(getSpeedPolicyMeta)
  .input(speedPolicyInput)
  .output(speedPolicyOutput)
  .query(({ ctx, input }) => getSpeedPolicy(ctx, input.roundRobinId));

export const updateSpeedPolicyProcedure = protectedProcedure
  .meta(updateSpeedPolicyMeta)
  .input(updateSpeedPolicyInput)
  .output(speedPolicyOutput)
  .mutation(({ ctx, input }) => {
    const { roundRobinId, ...changes } = input;
    return updateSpeedPolicy(ctx, roundRobinId, changes);
  });
