import { MANAGERS } from "../../../auth/roles";
import { createTeam } from "../../../team/teams/save-team";
import { protectedProcedure } from "../../trpc";
import { createTeamInput, teamOutput } from "./teams.types";

/** Creates a team; 400 when someone is not a member or is already in another team, 409 when the name is taken. */
export const createTeamProcedure = protectedProcedure
  .meta({ scope: "none", roles: MANAGERS })
  .input(createTeamInput)
  .output(teamOutput)
  .mutation(({ ctx, input }) => createTeam(ctx, input));
