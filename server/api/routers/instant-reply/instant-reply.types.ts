import { z } from "zod";
import { jsonBoolean } from "../../schemas/json-fields";
import { INSTANT_REPLY_CHANNELS } from "../../../messaging/channel-availability";

/** The wire pieces every instant-reply procedure shares (pool and lead-source settings). */
const channelSchema = z.enum(INSTANT_REPLY_CHANNELS);

const languagesSchema = z
  .object({
    en: z.string().trim().min(1).max(20).optional(),
    es: z.string().trim().min(1).max(20).optional(),
  })
  .strict()
  .describe("The template's approved language code per lead language, e.g. `{\"en\": \"en_US\", \"es\": \"es\"}`");

const emailTemplateSchema = z.object({
  subject: z.string().trim().min(1).max(200).describe("Subject; `{name}` is the lead's first name"),
  body: z.string().trim().min(1).max(4000).describe("Plain text, paragraphs separated by a blank line; `{name}` is the lead's first name"),
});

const emailTemplatesSchema = z
  .object({ en: emailTemplateSchema.optional(), es: emailTemplateSchema.optional() })
  .strict()
  .describe("The e-mail per lead language");

export const replySettingsFields = {
  enabled: z.boolean().describe("Whether new leads get the instant reply"),
  channels: z
    .array(channelSchema)
    .describe("Channels tried in this order; the first that can send and reach the lead is used (WhatsApp: a mobile number; e-mail: an address)"),
  whatsApp: z.object({
    templateName: z.string().nullable().describe("An approved WhatsApp template; its one body parameter `{{1}}` is the lead's first name"),
    languages: languagesSchema,
  }),
  email: emailTemplatesSchema,
};

export const channelStateSchema = z.object({
  channel: channelSchema,
  available: z.boolean().describe("Whether a reply through this channel can leave now"),
  reason: z
    .enum(["whatsapp_not_configured", "no_sender", "smtp_not_configured", "sandbox"])
    .nullable()
    .describe(
      "Why not: `whatsapp_not_configured` (the server has no WhatsApp app settings), `no_sender` (no WhatsApp number connected), " +
        "`smtp_not_configured` (outgoing e-mail not set up), `sandbox` (a sandbox never sends); null when available",
    ),
});

export const availabilityFields = {
  availableChannels: z.array(channelStateSchema).describe("Every channel and whether it can send for the organization now"),
  canSend: z.boolean().describe("Whether at least one channel the setting lists can send now; false: no reply can go out, and none is pretended"),
};

export const replySettingsChangesSchema = z.object({
  enabled: jsonBoolean().optional().describe("Switching on needs each listed channel's message: WhatsApp a template and a language, e-mail one language"),
  channels: z.array(channelSchema).min(1).max(2).optional(),
  whatsApp: z
    .object({
      templateName: z.string().trim().min(1).max(512).nullable().optional(),
      languages: languagesSchema.optional(),
    })
    .optional(),
  email: emailTemplatesSchema.optional().describe("Replaced whole when given"),
});

export const INSTANT_REPLY_RULES =
  "Extension: an instant reply answers a new lead within seconds by WhatsApp template or e-mail, by the System (never the owner's " +
  "first touch), once per lead, in the organization's language, never to a lead who opted out (`offersConsent.consented` false, " +
  "or do-not-call). A lead routed by a pool with its own setting follows the pool's; any other follows its source's. " +
  "Leads created by API, batch, dashboard and ad forms are answered; a WhatsApp contact who wrote first is not. " +
  "A reply that cannot go out is an `instant_reply_not_sent` timeline entry saying why.";
