import { z } from "zod";
import type { ProcedureMeta } from "../../trpc";
import { pathIdSchema } from "../../../ids";

export const revokeSheetLinkMeta = {
  scope: "projects:write",
  openapi: {
    method: "DELETE",
    path: "/projects/{projectId}/sheet-links/{linkId}",
    tags: ["Projects"],
    summary: "Revoke a sheet link",
    description:
      "Extension. The link stops working at once: its sheet answers a 404 page. The lead's timeline keeps what happened " +
      "through it. 404 `NOT_FOUND` for an unknown or already revoked link.",
  },
} as const satisfies ProcedureMeta;

export const revokeSheetLinkInput = z.object({ projectId: pathIdSchema("project"), linkId: pathIdSchema("sheetLink") });

export const revokeSheetLinkOutput = z.object({ revoked: z.literal(true), id: z.string() });
