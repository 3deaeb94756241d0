import { MANAGERS } from "../../../auth/roles";
import { deleteTeam } from "../../../team/teams/save-team";
import { protectedProcedure } from "../../trpc";
import { deleteTeamInput, deleteTeamOutput } from "./teams.types";

/** Deletes a team; its people stay members of the organization. */
export const deleteTeamProcedure = protectedProcedure
  .meta({ scope: "none", roles: MANAGERS })
  .input(deleteTeamInput)
  .output(deleteTeamOutput)
  .mutation(({ ctx, input }) => deleteTeam(ctx, input.teamId));
