import { z } from "zod";
import { MANAGERS } from "../../../auth/roles";
import { eventTypeSchema, EVENT_TYPES } from "../../../events/event-types";
import { COMMUNICATION_DIRECTIONS, COMMUNICATION_TYPES, LEAD_STATUSES } from "../../../leads/lead-enums";
import { UNIT_STATUSES } from "../../../projects/catalog-values";
import type { ProcedureMeta } from "../../trpc";
import { timestampSchema } from "../../schemas/timestamp";
import { activityUserSchema, leadSchema } from "../leads/lead.types";
import { projectSchema, unitSchema } from "../projects/project.types";

export const getEventSampleMeta = {
  scope: "webhooks:manage",
  roles: MANAGERS,
  openapi: {
    method: "GET",
    path: "/webhooks/samples/{event}",
    tags: ["Webhooks"],
    summary: "Sample delivery of an event type",
    description:
      "The body a delivery of this event type carries, with realistic fixed values and your organization, for " +
      "automation platforms to show while a user maps fields (before any real event happened). The shape is exactly " +
      "what deliveries send: `id`, `type`, `createdAt`, `organization` and `data` — lead.* carry `data.lead` (plus " +
      "`changes` on lead.updated, `previousStageId` on lead.stage_changed, `previousStatus` on lead.won and lead.lost, " +
      "`autoAssigned` and `previousAssignedToId` on lead.assigned, `previousAssignedToId` on lead.unassigned); " +
      "lead.note_added `data.leadId` and `data.note`; lead.communication_logged `data.leadId` and " +
      "`data.communication`; project.* `data.project`; unit.* `data.unit` and `data.project` (plus `previousStatus` " +
      "on unit.status_changed). Ids in samples name no record. Unknown event types answer 400 `VALIDATION_ERROR`.",
  },
} satisfies ProcedureMeta;

export const getEventSampleInput = z.object({
  event: eventTypeSchema.describe(`Event type: ${EVENT_TYPES.join(", ")}`),
});

const authorSchema = activityUserSchema;

const leadEventData = z.object({
  lead: leadSchema,
  changes: z.record(z.string(), z.object({ from: z.unknown(), to: z.unknown() })).optional().describe("lead.updated: `{field: {from, to}}`"),
  previousStageId: z.string().nullable().optional().describe("lead.stage_changed"),
  previousStatus: z.enum(LEAD_STATUSES).optional().describe("lead.won, lead.lost"),
  autoAssigned: z.boolean().optional().describe("lead.assigned: true when the round robin chose the member"),
  previousAssignedToId: z.string().nullable().optional().describe("lead.assigned, lead.unassigned"),
});

const noteEventData = z.object({
  leadId: z.string(),
  note: z.object({ id: z.string(), leadId: z.string(), content: z.string(), createdAt: timestampSchema, user: authorSchema }),
});

const communicationEventData = z.object({
  leadId: z.string(),
  communication: z
    .object({
      id: z.string(),
      leadId: z.string(),
      type: z.enum(COMMUNICATION_TYPES),
      direction: z.enum(COMMUNICATION_DIRECTIONS),
      content: z.string(),
      createdAt: timestampSchema,
      user: authorSchema,
    })
    .catchall(z.unknown())
    .describe("WhatsApp messages add `channel: \"whatsapp\"` and `messageId`"),
});

const projectEventData = z.object({ project: projectSchema });

const unitEventData = z.object({
  unit: unitSchema,
  project: projectSchema,
  previousStatus: z.enum(UNIT_STATUSES).optional().describe("unit.status_changed"),
});

export const getEventSampleOutput = z.object({
  id: z.string().describe("`evt_` + uuid; the same in every retry of a delivery"),
  type: eventTypeSchema,
  createdAt: timestampSchema,
  organization: z.object({ id: z.string(), name: z.string(), slug: z.string().nullable() }),
  data: z.union([leadEventData, noteEventData, communicationEventData, unitEventData, projectEventData]),
});
