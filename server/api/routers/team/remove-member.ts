import { teamProcedure } from "./team-procedure";
import { removeMemberInput, removeMemberOutput } from "./team.types";
import { removeMember } from "../../../team/manage-members";

/** Removes a member: their sessions end and their OAuth tokens here are revoked; their leads stay assigned. */
export const removeMemberProcedure = teamProcedure
  .input(removeMemberInput)
  .output(removeMemberOutput)
  .mutation(({ ctx, input }) => removeMember(ctx, input.membershipId));
