import { z } from "zod";
import {
  COMMUNICATION_DIRECTIONS,
  COMMUNICATION_TYPES,
  LEAD_ACTIVITY_SCOPES,
  LEAD_ACTIVITY_TYPES,
  LEAD_SOURCES,
  LEAD_STATUSES,
  LEAD_TEMPERATURES,
} from "../../../leads/lead-enums";
import { timestampSchema } from "../../schemas/timestamp";
import { interestSchema, offersConsentSchema } from "./lead-interest.types";

/** Wire schemas shared by the lead procedures (the lead, its owner, timeline entries). */

export const leadStatusSchema = z
  .enum(LEAD_STATUSES)
  .describe(
    "LeadStatus: `new`, `contacted`, `qualified`, `proposal`, `negotiation` (the sales path), `won`, `lost` (closed), " +
      "`unqualified` (discarded before a proposal). Always the status the lead's stage stands for (one lead state)",
  );
export const leadSourceSchema = z.enum(LEAD_SOURCES).describe(`LeadSource: ${LEAD_SOURCES.join(", ")}`);
export const temperatureSchema = z.enum(LEAD_TEMPERATURES).describe("Temperature: `cold`, `warm`, `hot`");

export const userSummarySchema = z
  .object({
    id: z.string().describe("User id (the value of `assignedToId`)"),
    name: z.string(),
    email: z.string(),
    image: z.string().nullable().describe("Avatar URL"),
  })
  .describe("A member's user");

export const leadSchema = z.object({
  id: z.string().describe("Prefixed lead id, `lead_…`"),
  firstName: z.string().nullable(),
  lastName: z.string().nullable(),
  email: z.string().nullable().describe("Lowercased"),
  phone: z.string().nullable().describe("As given, formatting kept"),
  company: z.string().nullable(),
  jobTitle: z.string().nullable(),
  status: leadStatusSchema,
  source: leadSourceSchema,
  sourceMetadata: z
    .record(z.string(), z.unknown())
    .nullable()
    .describe(
      "Written by the service only. `providedSource`: the original `source` string when it was not a catalog value " +
        "(then `source` is `other`). Integrations may add origin details under other keys; ignore keys you do not know. " +
        "Null when empty",
    ),
  stageId: z.string().nullable().describe("Pipeline stage id (uuid): the stage the lead is in; `status` is what it stands for"),
  stageName: z
    .string()
    .nullable()
    .describe("Read-only: the stage's name (a default stage's in the organization's language, a renamed one as named)"),
  estimatedValue: z.number().nullable().describe("Decimal with 2 places, sent as a JSON number, in the organization's currency (`currency` of the organization settings; a lead has none of its own)"),
  score: z.number().int().nullable().describe("0..100"),
  temperature: temperatureSchema.nullable(),
  notes: z.string().nullable(),
  city: z.string().nullable(),
  state: z.string().nullable(),
  country: z.string().nullable(),
  projectId: z.string().nullable().describe("Project id, `prj_…`"),
  projectName: z.string().nullable().describe("Read-only: the project's name"),
  unitId: z.string().nullable().describe("Unit id, `unit_…`"),
  assignedToId: z.string().nullable().describe("User id of the assigned member"),
  assignedTo: userSummarySchema.nullable().describe("The assigned member's user: id, name, email, image"),
  customFields: z.record(z.string(), z.union([z.string(), z.number(), z.boolean(), z.null()])).nullable(),
  doNotCall: z.boolean().describe("Extension: when true, call sequences leave the lead out of audiences and skip it at dispatch"),
  externalId: z
    .string()
    .nullable()
    .describe("Extension: the lead's id at its source (a portal's lead id, a form submission id); unique per organization and source"),
  interest: interestSchema,
  offersConsent: offersConsentSchema,
  language: z
    .enum(["en", "es"])
    .nullable()
    .describe("Extension: the language to write to the lead in (`en` or `es`); null means the organization's language"),
  roundRobinId: z.string().nullable().describe("The round robin pool that assigned the lead at creation, if any"),
  createdAt: timestampSchema,
  updatedAt: timestampSchema,
  lastActivityAt: timestampSchema.describe(
    "Extension: when the newest timeline entry (note, communication, recorded change) was written; the creation " +
      "time for a lead with no other entry. Adding a note or logging a communication moves it, not `updatedAt`",
  ),
  firstTouch: z
    .object({
      dueAt: timestampSchema.nullable().describe("When the owner must first reach out by: the deadline's minutes of working time after the assignment; null when no deadline runs"),
      touchedAt: timestampSchema.nullable().describe("When the owner first reached out (an outbound call, email, WhatsApp message or meeting they logged); null until then"),
      breachedAt: timestampSchema.nullable().describe("When the current deadline was missed; null while it runs, once met, or after a new owner got a fresh one"),
    })
    .describe(
      "Extension: the first-touch deadline. Set when a lead in status `new` that nobody has touched gets an owner: the pool's " +
        "minutes (else the organization's, default 5) counted only inside the owner's working hours in the organization's " +
        "time zone (their own, else the organization's business hours; none: the clock never pauses)",
    ),
});

/** The contact fields every lead answer starts with (create's answer, search results). */
export const leadContactSchema = leadSchema.pick({
  id: true,
  firstName: true,
  lastName: true,
  email: true,
  phone: true,
  company: true,
  status: true,
  source: true,
});

export const leadActivityTypeSchema = z
  .enum(LEAD_ACTIVITY_TYPES)
  .describe(
    "LeadActivityType. Scope `lead_event`: `note`, and the communications `call`, `email`, `meeting`, `social_message`. " +
      "Scope `system`: `created`, `updated` (`changes` holds every changed field), `status_changed`, `stage_changed`, " +
      "`assigned`, `unassigned` (`changes` holds the one field), `first_touch_breached`, `instant_reply_not_sent` (extension: the instant reply " +
      "could not go out; the text says why)",
  );

export const leadActivityScopeSchema = z
  .enum(LEAD_ACTIVITY_SCOPES)
  .describe("LeadActivityScope: `lead_event` (notes and communications) or `system` (changes recorded by the service)");

export const activityUserSchema = z
  .object({
    id: z.string().nullable(),
    name: z.string(),
    email: z.string().nullable(),
    image: z.string().nullable(),
  })
  .describe(
    "Who acted. A member: their user id, name, email and avatar. An API key: `id` is the key's id, `name` is " +
      "`API key <key name>`, `email` and `image` are null. The service itself: `id` `system`, `name` `System`. " +
      "A member whose account was deleted: `id` null and the name they had. \"API key\", \"System\" and a deleted " +
      "member's placeholder are in the organization's language (`Clave de API <key name>`, `Sistema` in Spanish)",
  );

/** What a change did, field by field: `{field: {from, to}}` in API values (timeline entries, `lead.updated`). */
export const changeSetSchema = z.record(z.string(), z.object({ from: z.unknown(), to: z.unknown() }));

export const activitySchema = z.object({
  id: z.string().describe("Prefixed activity id, `act_…`"),
  leadId: z.string(),
  type: leadActivityTypeSchema,
  activityScope: leadActivityScopeSchema,
  content: z
    .string()
    .describe(
      "Free text for notes and communications; for system entries a short summary in the organization's language, " +
        "rendered when read (switching the language changes past entries too; read `type` and `changes` to act on it)",
    ),
  changes: changeSetSchema
    .nullable()
    .describe("System entries: `{field: {from, to}}` in API values (stage, member, project ids); null otherwise"),
  communicationType: z.enum(COMMUNICATION_TYPES).nullable(),
  communicationDirection: z.enum(COMMUNICATION_DIRECTIONS).nullable(),
  user: activityUserSchema,
  createdAt: timestampSchema,
});
