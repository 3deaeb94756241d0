import { z } from "zod";
import type { ProcedureMeta } from "../../trpc";
import { namesAtLeastOneField } from "../../../projects/project-fields";
import { unitSchema } from "../../../projects/project-representation";
import { unitUpdateFields } from "../../../projects/unit-fields";
import { projectIdParam, unitIdParam } from "./path-params";

export const updateUnitMeta = {
  scope: "projects:write",
  openapi: {
    method: "PATCH",
    path: "/projects/{projectId}/units/{unitId}",
    tags: ["Units"],
    summary: "Update a unit",
    description:
      "Every field optional, at least one required; null clears `type` and `area` (`name`, `price` and `status` " +
      "cannot be null). Answers the updated unit. Emits `unit.updated` always and `unit.status_changed` when the " +
      "status changed.",
  },
} as const satisfies ProcedureMeta;

export const updateUnitInput = z
  .object({ projectId: projectIdParam, unitId: unitIdParam, ...unitUpdateFields })
  .refine((body) => namesAtLeastOneField(body, ["projectId", "unitId"]), "send at least one field to update");

export const updateUnitOutput = unitSchema;
