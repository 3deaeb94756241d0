import { z } from "zod";
import type { ProcedureMeta } from "../../trpc";
import { limitSchema, offsetSchema, paginated } from "../../schemas/pagination";
import { pathIdSchema } from "../../../ids";
import { LEAD_LIMITS as L } from "../../../leads/lead-limits";
import { LEAD_ACTIVITY_SCOPES } from "../../../leads/lead-enums";
import { activitySchema, leadActivityTypeSchema } from "./lead.types";

export const listLeadActivitiesMeta: ProcedureMeta = {
  scope: "leads:read",
  openapi: {
    method: "GET",
    path: "/leads/{leadId}/activities",
    tags: ["Leads"],
    summary: "A lead's timeline",
    description:
      "Newest first. `activityScope` `lead_event` (default: notes and communications), `system` (created, updated, " +
      "status, stage and assignment changes) or `all`; `type` narrows to one LeadActivityType. `limit` 1..100 (default " +
      "20), `offset` (default 0). 404 `NOT_FOUND` when the lead is missing or in another organization.",
  },
};

export const listLeadActivitiesInput = z.object({
  leadId: pathIdSchema("lead"),
  limit: limitSchema({ max: L.activityLimitMax, default: L.activityLimitDefault }),
  offset: offsetSchema,
  type: leadActivityTypeSchema.optional(),
  activityScope: z
    .enum([...LEAD_ACTIVITY_SCOPES, "all"])
    .default("lead_event")
    .describe("`lead_event` (default), `system` or `all`"),
});

export const listLeadActivitiesOutput = paginated(activitySchema);
