import { MANAGERS } from "../../../auth/roles";
import { updateTeam } from "../../../team/teams/save-team";
import { protectedProcedure } from "../../trpc";
import { teamOutput, updateTeamInput } from "./teams.types";

/** Renames a team and replaces its leads and members; 404 for another organization's team. */
export const updateTeamProcedure = protectedProcedure
  .meta({ scope: "none", roles: MANAGERS })
  .input(updateTeamInput)
  .output(teamOutput)
  .mutation(({ ctx, input: { teamId, ...team } }) => updateTeam(ctx, teamId, team));
