import { protectedProcedure } from "../../trpc";
import { updateProject } from "../../../projects/update-project";
import { updateProjectInput, updateProjectMeta, updateProjectOutput } from "./update-project.types";

export const updateProjectProcedure = protectedProcedure
  .meta(updateProjectMeta)
  .input(updateProjectInput)
  .output(updateProjectOutput)
  .mutation(({ ctx, input: { projectId, ...changes } }) =>
    updateProject(ctx, projectId, changes),
  );
