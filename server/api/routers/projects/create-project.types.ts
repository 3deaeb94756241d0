import { z } from "zod";
import type { ProcedureMeta } from "../../trpc";
import { timestampSchema } from "../../schemas/timestamp";
import { PROJECT_STATUSES } from "../../../projects/catalog-values";
import { createProjectFields } from "./project-body.types";

export const createProjectMeta = {
  scope: "projects:write",
  successStatus: 201,
  openapi: {
    method: "POST",
    path: "/projects",
    tags: ["Projects"],
    summary: "Create a project",
    description:
      "Creates a project (status `draft` unless given) and, when `units[]` is sent, its initial units in the same " +
      "transaction. Emits `project.created` and one `unit.created` per initial unit. 403 FORBIDDEN when the plan " +
      "limit `maxProjects` is reached.",
  },
} as const satisfies ProcedureMeta;

export const createProjectInput = z.object(createProjectFields);

export const createProjectOutput = z.object({
  id: z.string().describe("Prefixed project id (`prj_…`)"),
  name: z.string(),
  type: z.string().nullable(),
  city: z.string().nullable(),
  status: z.enum(PROJECT_STATUSES),
  unitCount: z.number().int(),
  createdAt: timestampSchema,
});
