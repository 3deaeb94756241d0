import { z } from "zod";
import type { ProcedureMeta } from "../../trpc";
import { pathIdSchema } from "../../../ids";
import { matchedLeadSchema, matchLimitSchema, matchScoreFields, matchTotalSchema } from "./match.types";

export const listUnitMatchesMeta = {
  scope: "leads:read",
  openapi: {
    method: "GET",
    path: "/projects/{projectId}/units/{unitId}/matches",
    tags: ["Units"],
    summary: "Leads a unit fits",
    description:
      "Extension. The leads the caller sees whose `interest` the unit fits, best first, with the criteria each meets " +
      "(the rules of `GET /leads/{leadId}/matches`, read from the other side). A reserved or sold unit, or one of an " +
      "archived project, has no matches. Needs `leads:read`: it lists leads. 404 `NOT_FOUND` naming the project or the unit.",
  },
} as const satisfies ProcedureMeta;

export const listUnitMatchesInput = z.object({
  projectId: pathIdSchema("project"),
  unitId: pathIdSchema("unit"),
  limit: matchLimitSchema,
});

export const listUnitMatchesOutput = z.object({
  data: z.array(z.object({ lead: matchedLeadSchema, ...matchScoreFields })),
  total: matchTotalSchema,
});
