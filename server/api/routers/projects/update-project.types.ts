import { z } from "zod";
import type { ProcedureMeta } from "../../trpc";
import { namesAtLeastOneField, updateProjectFields } from "./project-body.types";
import { projectWithUnitsSchema } from "./project.types";
import { pathIdSchema } from "../../../ids";

export const updateProjectMeta = {
  scope: "projects:write",
  openapi: {
    method: "PUT",
    path: "/projects/{projectId}",
    tags: ["Projects"],
    summary: "Update a project",
    description:
      "Every field optional, at least one required. A field left out keeps its value; null clears it (not allowed for " +
      "name, status and currency). Units are managed through `/projects/{projectId}/units`; read-only fields such as " +
      "`units`, `unitCount` or `createdAt` are ignored. Answers the updated project with its units, like the single " +
      "read. Emits `project.updated`.",
  },
} as const satisfies ProcedureMeta;

export const updateProjectInput = z
  .object({ projectId: pathIdSchema("project"), ...updateProjectFields })
  .refine((body) => namesAtLeastOneField(body, ["projectId"]), "validation.atLeastOneField");

export const updateProjectOutput = projectWithUnitsSchema;
