import { createTRPCRouter } from "../../trpc";
import { createProjectProcedure } from "./create-project";
import { createUnitProcedure } from "./create-unit";
import { deleteProjectProcedure } from "./delete-project";
import { getProjectProcedure } from "./get-project";
import { getMatchSendingProcedure } from "./get-match-sending";
import { getProjectFunnelProcedure } from "./get-project-funnel";
import { listProjectsProcedure } from "./list-projects";
import { listUnitsProcedure } from "./list-units";
import { updateMatchSendingProcedure } from "./update-match-sending";
import { updateProjectProcedure } from "./update-project";
import { updateUnitProcedure } from "./update-unit";

/** The real-estate catalog: projects and their units. */
export const projectsRouter = createTRPCRouter({
  list: listProjectsProcedure,
  create: createProjectProcedure,
  get: getProjectProcedure,
  funnel: getProjectFunnelProcedure,
  update: updateProjectProcedure,
  delete: deleteProjectProcedure,
  listUnits: listUnitsProcedure,
  createUnit: createUnitProcedure,
  updateUnit: updateUnitProcedure,
  matchSending: getMatchSendingProcedure,
  updateMatchSending: updateMatchSendingProcedure,
});
