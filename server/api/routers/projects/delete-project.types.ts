import { z } from "zod";
import type { ProcedureMeta } from "../../trpc";
import { pathIdSchema } from "../../../ids";

export const deleteProjectMeta = {
  scope: "projects:write",
  openapi: {
    method: "DELETE",
    path: "/projects/{projectId}",
    tags: ["Projects"],
    summary: "Delete a project",
    description:
      "Deletes the project and every unit of it; irreversible. Leads linked to the project (or to one of its units) " +
      "keep existing with the link cleared. Emits `project.deleted`.",
  },
} as const satisfies ProcedureMeta;

export const deleteProjectInput = z.object({ projectId: pathIdSchema("project") });

export const deleteProjectOutput = z.object({
  deleted: z.literal(true),
  id: z.string().describe("Id of the deleted project"),
});
