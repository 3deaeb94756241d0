import { z } from "zod";
import { timestampSchema } from "../../schemas/timestamp";

export const senderStatusSchema = z
  .enum(["connected", "reconnect_required"])
  .describe("`connected`, or `reconnect_required` once WhatsApp refused its access token (sends answer 403 until an admin reconnects it)");

export const senderSummarySchema = z.object({
  id: z.uuid().describe("Sender id; pass it as `senderId` to POST /whatsapp/send"),
  label: z.string().describe("The name the organization gave this sender"),
  displayPhoneNumber: z.string().describe("The number as WhatsApp displays it, e.g. `+1 555-0100`"),
  verifiedName: z.string().describe("The business name WhatsApp shows to recipients"),
  status: senderStatusSchema,
});

export const templateContentSchema = z.object({
  name: z.string(),
  language: z.string(),
  parameters: z.array(z.string()),
});

export const messageSchema = z.object({
  id: z.string().describe("Prefixed message id, `msg_…`"),
  direction: z.enum(["inbound", "outbound"]),
  status: z
    .enum(["accepted", "sent", "delivered", "read", "failed", "received"])
    .describe(
      "Outbound: `accepted` (WhatsApp took it), then `sent`, `delivered`, `read` as WhatsApp reports them, or `failed` (see `failure`). " +
        "Inbound: `received`. Statuses only move forward; a late report never moves one back.",
    ),
  senderId: z.uuid().nullable().describe("The sender used; null once that sender was disconnected"),
  leadId: z.string().nullable().describe("The lead whose timeline the message is logged on, or null"),
  contactPhone: z.string().describe("The other party in E.164: the recipient of an outbound message, the author of an inbound one"),
  type: z.string().describe("`text` or `template` (outbound); inbound also `image`, `audio`, `video`, `document`, `location`, `button`, …"),
  text: z.string().describe("The text; for a template, its name, language and parameter values; for media, the caption"),
  template: templateContentSchema.nullable(),
  providerMessageId: z.string().describe("WhatsApp's id of the message (`wamid.…`)"),
  failure: z
    .object({ code: z.number().int().nullable().describe("WhatsApp's error code, e.g. 131047"), reason: z.string() })
    .nullable()
    .describe("Why delivery failed, when `status` is `failed`"),
  activityId: z.string().nullable().describe("The lead timeline entry (`act_…`) the message was logged as"),
  sentBy: z.string().nullable().describe("Who sent an outbound message: a member's name, `API key <name>` or `System`"),
  createdAt: timestampSchema,
  sentAt: timestampSchema.nullable(),
  deliveredAt: timestampSchema.nullable(),
  readAt: timestampSchema.nullable(),
  failedAt: timestampSchema.nullable(),
});
