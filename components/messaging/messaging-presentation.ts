import type { inferRouterOutputs } from "@trpc/server";
import type { Dictionary } from "~/lib/i18n/en";
import type { AppRouter } from "~/server/api/root";

type Outputs = inferRouterOutputs<AppRouter>;
export type WhatsAppMessage = Outputs["messaging"]["conversation"]["messages"][number];
export type Conversation = Outputs["messaging"]["conversation"];
export type SenderSummary = Outputs["messaging"]["senders"]["data"][number];
export type SenderDetail = Outputs["messaging"]["settings"]["senders"][number];
export type MessageTemplate = Outputs["messaging"]["templates"]["data"][number];

/** Why a message was not delivered, in the reader's words when we know the code, else WhatsApp's own. */
export function failureText(message: WhatsAppMessage, t: Dictionary): string | null {
  if (!message.failure) return null;
  const known = message.failure.code !== null ? t.messaging.failures[String(message.failure.code)] : undefined;
  return known ?? message.failure.reason;
}

/** A template's body with the values filled in where given (`{{1}}` stays visible until it is). */
export function fillTemplate(body: string, values: string[]): string {
  return body.replace(/\{\{\s*(\d+)\s*\}\}/g, (placeholder, n: string) => values[Number(n) - 1]?.trim() || placeholder);
}
