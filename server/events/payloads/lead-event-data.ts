import { z } from "zod";
import { calendarEventSchema } from "../../api/routers/calendar/calendar-event.types";
import { addLeadNoteOutput } from "../../api/routers/leads/add-lead-note.types";
import { activityUserSchema, changeSetSchema, leadSchema, leadStatusSchema } from "../../api/routers/leads/lead.types";
import { logLeadCommunicationOutput } from "../../api/routers/leads/log-lead-communication.types";

/**
 * `data` of the ten lead.* events. The lead, the note and the communication
 * are the REST representations' own schemas (GET /leads/{leadId}, the answers
 * of POST …/notes and POST …/communications), so a webhook receiver and an
 * API client read one shape; events add only what a receiver could not learn
 * otherwise (the previous value, the author).
 */

const lead = leadSchema.describe("The lead as `GET /leads/{leadId}` returns it, after the write");
const previousAssignedToId = z.string().nullable().describe("User id of the member the lead was assigned to before; null when it had none");

export const leadCreatedData = z
  .object({ lead })
  .describe("A lead was created (`POST /leads`, the dashboard, an inbound WhatsApp contact). Source `api`, `ui` or `system`.");

export const leadUpdatedData = z
  .object({
    lead,
    changes: changeSetSchema.describe("`{field: {from, to}}` for every field the write changed, in API values; `{}` when nothing changed"),
  })
  .describe("`PUT /leads/{leadId}` (or the dashboard) wrote the lead; sent for every update, even one that changed nothing.");

export const leadStageChangedData = z
  .object({ lead, previousStageId: z.string().nullable().describe("The stage id before the write; null when the lead had none") })
  .describe("The lead's `stageId` changed (sent beside `lead.updated`).");

export const leadAssignedData = z
  .object({
    lead,
    autoAssigned: z.boolean().describe("true when the round robin chose the member; false for an explicit `assignedToId`"),
    previousAssignedToId,
  })
  .describe("The lead got a member (on create, on update, or by the round robin).");

export const FIRST_TOUCH_ESCALATIONS = ["reassigned", "released", "notified", "none"] as const;

export const leadFirstTouchBreachedData = z
  .object({
    lead: lead.describe("The lead as it was when its deadline was missed (still with the owner who missed it)"),
    missedBy: z.string().describe("User id of the owner who missed the deadline"),
    dueAt: z.string().describe("The deadline that was missed (ISO 8601)"),
    breaches: z.number().int().describe("How many first-touch deadlines this lead has now seen missed (1 for the first)"),
    escalation: z
      .enum(FIRST_TOUCH_ESCALATIONS)
      .describe(
        "What the pool's policy did: `reassigned` to the next eligible participant (`lead.assigned` follows), `released` to the " +
          "pool's pond (`lead.unassigned` follows), `notified` the pool's follower (the owner keeps the lead with a new deadline), `none`",
      ),
  })
  .describe("Extension: a lead's owner missed its first-touch deadline (no outbound contact in time); sent once per missed deadline.");

export const leadUnassignedData = z
  .object({ lead, previousAssignedToId })
  .describe("The lead's `assignedToId` was cleared (sent beside `lead.updated`).");

const previousStatus = leadStatusSchema.describe("The status before the write");

export const leadWonData = z.object({ lead, previousStatus }).describe("The lead's status changed to `won` (sent beside `lead.updated`).");

export const leadLostData = z.object({ lead, previousStatus }).describe("The lead's status changed to `lost` (sent beside `lead.updated`).");

export const leadDeletedData = z
  .object({ lead: leadSchema.describe("The lead as it was before `DELETE /leads/{leadId}`") })
  .describe("A lead was deleted.");

const mergeId = z.string().describe("The merge's id, `mrg_…` (undo: `POST /leads/{leadId}/merges/{mergeId}/undo`)");

export const leadMergedData = z
  .object({
    lead: leadSchema.describe("The surviving lead as `GET /leads/{leadId}` returns it, after the merge"),
    mergedLeadIds: z
      .array(z.string())
      .describe("The leads merged into it: they no longer exist (no `lead.deleted` is sent for them; `GET` of one answers 404 naming the survivor)"),
    mergeId,
  })
  .describe("Extension: leads were merged into one (`POST /leads/{leadId}/merge`, or a new lead merged by the organization's `auto_merge` duplicate policy).");

export const leadUnmergedData = z
  .object({
    lead: leadSchema.describe("The surviving lead as `GET /leads/{leadId}` returns it, after the undo"),
    restoredLeads: z.array(leadSchema).describe("The leads the merge had removed, restored with their ids (no `lead.created` is sent for them)"),
    mergeId,
  })
  .describe("Extension: a merge was undone (`POST /leads/{leadId}/merges/{mergeId}/undo`).");

export const leadNoteSchema = addLeadNoteOutput
  .extend({ user: activityUserSchema.describe("The note's author") })
  .describe("The note as `POST /leads/{leadId}/notes` answers it, with its author");

export const leadNoteAddedData = z
  .object({ leadId: z.string().describe("The lead's id, `lead_…`"), note: leadNoteSchema })
  .describe("A note was added to the lead's timeline.");

export const leadCommunicationSchema = logLeadCommunicationOutput
  .extend({
    user: activityUserSchema.describe("Who logged it"),
    channel: z.literal("whatsapp").optional().describe("WhatsApp messages only: the channel"),
    messageId: z.string().optional().describe("WhatsApp messages only: the message id, `msg_…` (`GET /whatsapp/messages/{messageId}`)"),
    calendarEventId: calendarEventSchema.shape.id.optional().describe("Meetings booked with `POST /calendar/events` only: the calendar event's id"),
    startAt: calendarEventSchema.shape.start.optional().describe("Meetings booked with `POST /calendar/events` only: the meeting's start"),
    endAt: calendarEventSchema.shape.end.optional().describe("Meetings booked with `POST /calendar/events` only: the meeting's end"),
  })
  .describe("The communication as `POST /leads/{leadId}/communications` answers it, with who logged it");

/** The fields a channel adds to the event's communication (`logLeadCommunication`'s `details`). */
export type CommunicationEventDetails = Pick<
  z.input<typeof leadCommunicationSchema>,
  "channel" | "messageId" | "calendarEventId" | "startAt" | "endAt"
>;

export const leadCommunicationLoggedData = z
  .object({ leadId: z.string().describe("The lead's id, `lead_…`"), communication: leadCommunicationSchema })
  .describe(
    "A call, email, meeting or message was logged on the lead (`POST /leads/{leadId}/communications`, a meeting booked " +
      "with `POST /calendar/events`, a WhatsApp message sent or received, a call outcome).",
  );
