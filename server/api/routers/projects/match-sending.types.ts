import { z } from "zod";
import { MANAGERS } from "../../../auth/roles";
import { pathIdSchema } from "../../../ids";
import { SEND_TO_LEAD_MODES } from "../../../matching/match-sending-settings";
import { jsonBoolean } from "../../schemas/json-fields";
import { availabilityFields } from "../instant-reply/instant-reply.types";

/** The wire pieces of a project's match sending (GET and PATCH /projects/{projectId}/match-sending). */
export const MATCH_SENDING_ROLES = MANAGERS;

export const MATCH_SENDING_RULES =
  "Extension: what happens when a lead's interest newly matches one of this project's units. `notifyOwner` notifies the " +
  "lead's owner (a `unit_matched` notification). `sendToLead` sends the lead the unit's personal sheet link by WhatsApp " +
  "template, e-mail, or WhatsApp first and e-mail when WhatsApp cannot reach the lead — only to a lead whose " +
  "`offersConsent.consented` is true, never the same unit twice to the same lead, never a unit reserved or sold by the " +
  "time of sending, and only inside the organization's sending hours (deferred to the next opening otherwise). Each send " +
  "is a `unit_sent` timeline entry by the System carrying the lead's personal sheet link. The sending hours are the " +
  "organization's `businessHours` in its time zone (none set: any time). A project without a setting of its own follows " +
  "the organization's default (`GET /match-sending`; never set: nobody notified, nothing sent).";

const languagesSchema = z
  .object({
    en: z.string().trim().min(1).max(20).optional(),
    es: z.string().trim().min(1).max(20).optional(),
  })
  .strict()
  .describe("The template's approved language code per lead language, e.g. `{\"en\": \"en_US\", \"es\": \"es\"}`");

const emailTemplateSchema = z.object({
  subject: z.string().trim().min(1).max(200).describe("Subject; `{name}` is the lead's first name, `{unit}` the unit's name"),
  body: z
    .string()
    .trim()
    .min(1)
    .max(4000)
    .describe("Plain text, paragraphs separated by a blank line; `{name}`, `{unit}` and `{link}` (the personal sheet link) are filled in"),
});

const emailTemplatesSchema = z
  .object({ en: emailTemplateSchema.optional(), es: emailTemplateSchema.optional() })
  .strict()
  .describe("The e-mail per lead language");

const sendToLeadSchema = z
  .enum(SEND_TO_LEAD_MODES)
  .describe("`off`, `whatsapp`, `email`, or `whatsapp_then_email` (WhatsApp first; e-mail when the lead has no mobile number or WhatsApp cannot send)");

export const matchSendingInput = z.object({ projectId: pathIdSchema("project") });

/** The setting's own fields, shared by a project's setting and the organization's default. */
export const matchSendingFields = {
  notifyOwner: z.boolean().describe("Whether the lead's owner is notified of each new match"),
  sendToLead: sendToLeadSchema,
  whatsApp: z.object({
    templateName: z
      .string()
      .nullable()
      .describe("An approved WhatsApp template; body parameters `{{1}}` the lead's first name, `{{2}}` the unit's name, `{{3}}` the sheet link"),
    languages: languagesSchema,
  }),
  email: emailTemplatesSchema,
  availableChannels: availabilityFields.availableChannels,
  canSend: z.boolean().describe("Whether a unit can be sent to a lead now: `sendToLead` is not `off` and at least one of its channels can send"),
};

export const matchSendingOutput = z.object({
  projectId: z.string(),
  usesOrganizationDefault: z
    .boolean()
    .describe("True when the project has no setting of its own and the organization's default decides; a `PATCH` here gives it its own, starting from what applied"),
  ...matchSendingFields,
});

export const matchSendingChangesSchema = z.object({
  notifyOwner: jsonBoolean().optional(),
  sendToLead: sendToLeadSchema.optional().describe("Sending needs each channel's message: WhatsApp a template and a language, e-mail one language"),
  whatsApp: z
    .object({
      templateName: z.string().trim().min(1).max(512).nullable().optional(),
      languages: languagesSchema.optional(),
    })
    .optional(),
  email: emailTemplatesSchema.optional().describe("Replaced whole when given"),
});
