import { protectedProcedure } from "../../trpc";
import { updateMatchSending } from "../../../matching/match-sending-settings";
import { matchSendingOutput } from "./match-sending.types";
import { updateMatchSendingInput, updateMatchSendingMeta } from "./update-match-sending.types";

export const updateMatchSendingProcedure = protectedProcedure
  .meta(updateMatchSendingMeta)
  .input(updateMatchSendingInput)
  .output(matchSendingOutput)
  .mutation(({ ctx, input: { projectId, ...changes } }) => updateMatchSending(ctx, projectId, changes));
