import { protectedProcedure } from "../../trpc";
import { pageOf } from "../../schemas/pagination";
import { listProjects } from "../../../projects/list-projects";
import { listProjectsInput, listProjectsMeta, listProjectsOutput } from "./list-projects.types";

export const listProjectsProcedure = protectedProcedure
  .meta(listProjectsMeta)
  .input(listProjectsInput)
  .output(listProjectsOutput)
  .query(async ({ ctx, input }) => pageOf(await listProjects(ctx, input), input));
