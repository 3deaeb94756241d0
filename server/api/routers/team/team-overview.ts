import { protectedProcedure } from "../../trpc";
import { MANAGERS } from "../../../auth/roles";
import { teamOverviewInput, teamOverviewOutput } from "./team.types";
import { teamOverview } from "../../../team/team-overview";

/** Members with their assigned leads, the caller's role, and former members who still have leads. */
export const teamOverviewProcedure = protectedProcedure
  .meta({ scope: "none", roles: MANAGERS })
  .input(teamOverviewInput)
  .output(teamOverviewOutput)
  .query(({ ctx }) => teamOverview(ctx));
