import { protectedProcedure } from "../../trpc";
import { logLeadCommunication } from "../../../leads/activities/log-communication";
import {
  logLeadCommunicationInput,
  logLeadCommunicationMeta,
  logLeadCommunicationOutput,
} from "./log-lead-communication.types";

export const logLeadCommunicationProcedure = protectedProcedure
  .meta(logLeadCommunicationMeta)
  .input(logLeadCommunicationInput)
  .output(logLeadCommunicationOutput)
  .mutation(({ ctx, input }) => {
    const { leadId, ...communication } = input;
    return logLeadCommunication({ db: ctx.db, principal: ctx.principal }, leadId, communication);
  });
