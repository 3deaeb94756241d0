import { protectedProcedure } from "../../trpc";
import { getMatchSendingDefault, updateMatchSendingDefault } from "../../../matching/match-sending-default";
import {
  getMatchSendingDefaultInput,
  getMatchSendingDefaultMeta,
  matchSendingDefaultOutput,
  updateMatchSendingDefaultInput,
  updateMatchSendingDefaultMeta,
} from "./match-sending-default.types";

export const getMatchSendingDefaultProcedure = protectedProcedure
  .meta(getMatchSendingDefaultMeta)
  .input(getMatchSendingDefaultInput)
  .output(matchSendingDefaultOutput)
  .query(({ ctx }) => getMatchSendingDefault(ctx));

export const updateMatchSendingDefaultProcedure = protectedProcedure
  .meta(updateMatchSendingDefaultMeta)
  .input(updateMatchSendingDefaultInput)
  .output(matchSendingDefaultOutput)
  .mutation(({ ctx, input }) => updateMatchSendingDefault(ctx, input));
