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
  .mutation(({ ctx, input: { leadId, ...communication } }) => logLeadCommunication(ctx, leadId, communication));
