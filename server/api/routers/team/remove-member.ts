import { protectedProcedure } from "../../trpc";
import { MANAGERS } from "../../../auth/roles";
import { removeMemberInput, removeMemberOutput } from "./team.types";
import { removeMember } from "../../../team/manage-members";

/** Removes a member: their sessions end and their OAuth tokens here are revoked; their leads stay assigned. */
export const removeMemberProcedure = protectedProcedure
  .meta({ scope: "none", roles: MANAGERS })
  .input(removeMemberInput)
  .output(removeMemberOutput)
  .mutation(({ ctx, input }) => removeMember(ctx, input.membershipId));
