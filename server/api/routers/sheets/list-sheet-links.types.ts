import { z } from "zod";
import type { ProcedureMeta } from "../../trpc";
import { idSchema, pathIdSchema } from "../../../ids";
import { sheetLinkSchema } from "./sheet-link.types";

export const listSheetLinksMeta = {
  scope: "projects:read",
  openapi: {
    method: "GET",
    path: "/projects/{projectId}/sheet-links",
    tags: ["Projects"],
    summary: "List a project's sheet links",
    description:
      "Extension. The live (not revoked) links to the sheets of the project and its units, newest first, at most 200, with " +
      "their view counts; `unitId` narrows to one unit's. A personal link names its lead only when the caller sees that lead. " +
      "404 `NOT_FOUND` naming the project.",
  },
} as const satisfies ProcedureMeta;

export const listSheetLinksInput = z.object({
  projectId: pathIdSchema("project"),
  unitId: idSchema("unit").optional().describe("Only the links to this unit's sheet"),
});

export const listSheetLinksOutput = z.object({ data: z.array(sheetLinkSchema) });
