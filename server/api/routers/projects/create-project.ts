import { protectedProcedure } from "../../trpc";
import { createProject } from "../../../projects/create-project";
import { createProjectInput, createProjectMeta, createProjectOutput } from "./create-project.types";

export const createProjectProcedure = protectedProcedure
  .meta(createProjectMeta)
  .input(createProjectInput)
  .output(createProjectOutput)
  .mutation(({ ctx, input }) => createProject(ctx, input));
