import { z } from "zod";
import type { ProcedureMeta } from "../../trpc";
import { projectWithUnitsSchema } from "./project.types";
import { pathIdSchema } from "../../../ids";

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

export const getProjectInput = z.object({ projectId: pathIdSchema("project") });

export const getProjectOutput = projectWithUnitsSchema;
