import { z } from "zod";
import type { ProcedureMeta } from "../../trpc";
import { unitSchema } from "./project.types";
import { unitCreateFields } from "./unit-body.types";
import { pathIdSchema } from "../../../ids";

export const createUnitMeta = {
  scope: "projects:write",
  successStatus: 201,
  openapi: {
    method: "POST",
    path: "/projects/{projectId}/units",
    tags: ["Units"],
    summary: "Add a unit to a project",
    description: "Creates a unit (status `available` unless given) and answers it. Emits `unit.created`.",
  },
} as const satisfies ProcedureMeta;

export const createUnitInput = z.object({ projectId: pathIdSchema("project"), ...unitCreateFields });

export const createUnitOutput = unitSchema;
