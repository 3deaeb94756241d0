import { protectedProcedure } from "../../trpc";
import { setParticipantActive } from "../../../round-robin/write-pool";
import { setParticipantActiveInput, setParticipantActiveMeta, setParticipantActiveOutput } from "./set-participant-active.types";

export const setParticipantActiveProcedure = protectedProcedure
  .meta(setParticipantActiveMeta)
  .input(setParticipantActiveInput)
  .output(setParticipantActiveOutput)
  .mutation(({ ctx, input }) => setParticipantActive(ctx, input.roundRobinId, input.userId, input.isActive));
