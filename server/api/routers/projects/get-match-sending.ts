import { protectedProcedure } from "../../trpc";
import { getMatchSending } from "../../../matching/match-sending-settings";
import { getMatchSendingMeta } from "./get-match-sending.types";
import { matchSendingInput, matchSendingOutput } from "./match-sending.types";

export const getMatchSendingProcedure = protectedProcedure
  .meta(getMatchSendingMeta)
  .input(matchSendingInput)
  .output(matchSendingOutput)
  .query(({ ctx, input }) => getMatchSending(ctx, input.projectId));
