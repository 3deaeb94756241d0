import type { Prisma } from "../../db/generated/client";
import { e164OfDigits } from "../../phones/phone-number";
import type { TemplateContent } from "../providers/messaging-provider";

export type MessageRow = Prisma.WhatsAppMessageGetPayload<object>;

export interface MessageRepresentation {
  id: string;
  direction: "inbound" | "outbound";
  status: "accepted" | "sent" | "delivered" | "read" | "failed" | "received";
  senderId: string | null;
  leadId: string | null;
  /** The other party, E.164: the recipient of an outbound message, the author of an inbound one. */
  contactPhone: string;
  type: string;
  text: string;
  template: TemplateContent | null;
  providerMessageId: string;
  failure: { code: number | null; reason: string } | null;
  activityId: string | null;
  sentBy: string | null;
  createdAt: string;
  sentAt: string | null;
  deliveredAt: string | null;
  readAt: string | null;
  failedAt: string | null;
}

const iso = (date: Date | null) => date?.toISOString() ?? null;

function templateOf(value: Prisma.JsonValue | null): TemplateContent | null {
  if (typeof value !== "object" || value === null || Array.isArray(value)) return null;
  const { name, language, parameters } = value as Record<string, unknown>;
  if (typeof name !== "string" || typeof language !== "string") return null;
  return { name, language, parameters: Array.isArray(parameters) ? parameters.map(String) : [] };
}

export function toMessageRepresentation(row: MessageRow): MessageRepresentation {
  return {
    id: row.id,
    direction: row.direction,
    status: row.status,
    senderId: row.senderId,
    leadId: row.leadId,
    contactPhone: e164OfDigits(row.contactDigits),
    type: row.type,
    text: row.body,
    template: templateOf(row.template),
    providerMessageId: row.providerMessageId,
    // A failure reported before a later delivery is history, not the message's state.
    failure: row.status === "failed" ? { code: row.failureCode, reason: row.failureReason ?? "" } : null,
    activityId: row.activityId,
    sentBy: row.sentByName,
    createdAt: row.createdAt.toISOString(),
    sentAt: iso(row.sentAt),
    deliveredAt: iso(row.deliveredAt),
    readAt: iso(row.readAt),
    failedAt: iso(row.failedAt),
  };
}
