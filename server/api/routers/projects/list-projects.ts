import { protectedProcedure } from "../../trpc";
import { listProjects } from "../../../projects/list-projects";
import { listProjectsInput, listProjectsMeta, listProjectsOutput } from "./list-projects.types";

export const listProjectsProcedure = protectedProcedure
  .meta(listProjectsMeta)
  .input(listProjectsInput)
  .output(listProjectsOutput)
  .query(({ ctx, input }) => listProjects({ db: ctx.db, principal: ctx.principal }, input));
