import { z } from "zod";
import type { ProcedureMeta } from "../../trpc";
import { pathIdSchema } from "../../../ids";

export const deleteLeadMeta: ProcedureMeta = {
  scope: "leads:write",
  openapi: {
    method: "DELETE",
    path: "/leads/{leadId}",
    tags: ["Leads"],
    summary: "Delete a lead",
    description:
      "Deletes the lead and its timeline, irreversibly. Emits `lead.deleted` carrying the lead as it was. 404 " +
      "`NOT_FOUND` when missing or in another organization.",
  },
};

export const deleteLeadInput = z.object({ leadId: pathIdSchema("lead") });
export const deleteLeadOutput = z.object({ deleted: z.literal(true), id: z.string() });
