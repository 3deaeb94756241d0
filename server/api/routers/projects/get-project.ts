import { protectedProcedure } from "../../trpc";
import { getProject } from "../../../projects/read-project";
import { getProjectInput, getProjectMeta, getProjectOutput } from "./get-project.types";

export const getProjectProcedure = protectedProcedure
  .meta(getProjectMeta)
  .input(getProjectInput)
  .output(getProjectOutput)
  .query(({ ctx, input }) => getProject(ctx, input.projectId));
