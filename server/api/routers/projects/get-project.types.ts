import { z } from "zod";
import type { ProcedureMeta } from "../../trpc";
import { projectWithUnitsSchema } from "../../../projects/project-representation";
import { projectIdParam } from "./path-params";

export const getProjectMeta = {
  scope: "projects:read",
  openapi: {
    method: "GET",
    path: "/projects/{projectId}",
    tags: ["Projects"],
    summary: "Read a project",
    description: "The project with every unit embedded in `units[]`, oldest first.",
  },
} as const satisfies ProcedureMeta;

export const getProjectInput = z.object({ projectId: projectIdParam });

export const getProjectOutput = projectWithUnitsSchema;
