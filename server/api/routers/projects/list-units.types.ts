import { z } from "zod";
import type { ProcedureMeta } from "../../trpc";
import { unitSchema } from "./project.types";
import { pathIdSchema } from "../../../ids";

export const listUnitsMeta = {
  scope: "projects:read",
  openapi: {
    method: "GET",
    path: "/projects/{projectId}/units",
    tags: ["Units"],
    summary: "List a project's units",
    description: "Every unit of the project, oldest first; not paginated.",
  },
} as const satisfies ProcedureMeta;

export const listUnitsInput = z.object({ projectId: pathIdSchema("project") });

export const listUnitsOutput = z.object({ data: z.array(unitSchema) });
