import { z } from "zod";
import type { ProcedureMeta } from "../../trpc";
import { pathIdSchema } from "../../../ids";
import { leadBodyFields, WRITABLE_LEAD_FIELDS } from "./lead-body.types";
import { leadSchema } from "./lead.types";

export const updateLeadMeta: ProcedureMeta = {
  scope: "leads:write",
  openapi: {
    method: "PUT",
    path: "/leads/{leadId}",
    tags: ["Leads"],
    summary: "Update a lead",
    description:
      "Same fields as create, all optional, at least one required (400 `VALIDATION_ERROR` otherwise). A field sent " +
      "replaces the stored value, `null` (or an empty string) clears it, an omitted field stays. The merged lead must " +
      "keep an email or a phone. Read-only fields (`stageName`, `projectName`, `roundRobinId`, `id`, timestamps…) are " +
      "ignored, so a lead read with GET can be sent back. Returns the updated lead. Emits `lead.updated` always; " +
      "`lead.stage_changed` when stageId changed; `lead.won` / `lead.lost` when status changed to won / lost; " +
      "`lead.assigned` when assignedToId changed to a member, `lead.unassigned` when it was cleared.",
  },
};

export const updateLeadInput = z
  .object({ leadId: pathIdSchema("lead"), ...leadBodyFields })
  .refine((input) => WRITABLE_LEAD_FIELDS.some((field) => input[field] !== undefined), {
    message: `at least one field is required (${WRITABLE_LEAD_FIELDS.join(", ")})`,
  });

export const updateLeadOutput = leadSchema;
