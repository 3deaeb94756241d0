import { z } from "zod";
import type { ProcedureMeta } from "../../trpc";
import { namesAtLeastOneField } from "./project-body.types";
import { unitSchema } from "./project.types";
import { unitUpdateFields } from "./unit-body.types";
import { pathIdSchema } from "../../../ids";

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
  .object({ projectId: pathIdSchema("project"), unitId: pathIdSchema("unit"), ...unitUpdateFields })
  .refine((body) => namesAtLeastOneField(body, ["projectId", "unitId"]), "validation.atLeastOneField");

export const updateUnitOutput = unitSchema;
