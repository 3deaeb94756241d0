import { MANAGERS } from "../../../auth/roles";
import { listTeams } from "../../../team/teams/list-teams";
import { protectedProcedure } from "../../trpc";
import { listTeamsInput, listTeamsOutput } from "./teams.types";

/** Settings → Teams: every team with its leads and members. */
export const listTeamsProcedure = protectedProcedure
  .meta({ scope: "none", roles: MANAGERS })
  .input(listTeamsInput)
  .output(listTeamsOutput)
  .query(async ({ ctx }) => ({ data: await listTeams(ctx) }));
