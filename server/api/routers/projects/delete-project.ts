import { protectedProcedure } from "../../trpc";
import { deleteProject } from "../../../projects/delete-project";
import { deleteProjectInput, deleteProjectMeta, deleteProjectOutput } from "./delete-project.types";

export const deleteProjectProcedure = protectedProcedure
  .meta(deleteProjectMeta)
  .input(deleteProjectInput)
  .output(deleteProjectOutput)
  .mutation(({ ctx, input }) => deleteProject(ctx, input.projectId));
