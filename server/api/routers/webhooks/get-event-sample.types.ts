import { z } from "zod";
import { MANAGERS } from "../../../auth/roles";
import { eventTypeSchema, EVENT_TYPES } from "../../../events/event-types";
import type { ProcedureMeta } from "../../trpc";
import { eventEnvelopeSchema } from "../../../events/event-envelope";

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
      "what deliveries send, parsed by the same schemas: `id`, `type`, `createdAt`, `organization` and the type's " +
      "`data`, documented per event type in this document's `webhooks` section (lead.* carry `data.lead`; " +
      "lead.note_added `data.leadId` and `data.note`; lead.communication_logged `data.leadId` and " +
      "`data.communication`; project.* `data.project`; unit.* `data.unit` and `data.project`). Ids in samples name no " +
      "record. Unknown event types answer 400 `VALIDATION_ERROR`.",
  },
} satisfies ProcedureMeta;

export const getEventSampleInput = z.object({
  event: eventTypeSchema.describe(`Event type: ${EVENT_TYPES.join(", ")}`),
});

/** The same schemas the recorder checks every real event against (server/events/). */
export const getEventSampleOutput = eventEnvelopeSchema;
