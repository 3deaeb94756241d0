import { createTRPCRouter } from "../../trpc";
import { createTeamProcedure } from "./create-team";
import { deleteTeamProcedure } from "./delete-team";
import { listTeamsProcedure } from "./list-teams";
import { updateTeamProcedure } from "./update-team";

/** Settings → Teams (owners and admins; dashboard only). */
export const teamsRouter = createTRPCRouter({
  list: listTeamsProcedure,
  create: createTeamProcedure,
  update: updateTeamProcedure,
  delete: deleteTeamProcedure,
});
