import type { inferRouterOutputs } from "@trpc/server";
import type { DateContext } from "~/lib/format/dates";
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

/** A chat's time: "3:05 PM" today, "Mar 4, 3:05 PM" this year, the full date before (in the organization's zone). */
export function formatMessageTime(value: string, dates: DateContext, now = new Date()): string {
  const timeZone = dates.timeZone ?? "UTC";
  const locale = dates.locale === "es" ? "es-ES" : "en-US";
  const day = (date: Date) => new Intl.DateTimeFormat("en-CA", { timeZone, year: "numeric", month: "2-digit", day: "2-digit" }).format(date);
  const at = new Date(value);
  const options: Intl.DateTimeFormatOptions =
    day(at) === day(now)
      ? { timeStyle: "short" }
      : day(at).slice(0, 4) === day(now).slice(0, 4)
        ? { month: "short", day: "numeric", hour: "numeric", minute: "2-digit" }
        : { dateStyle: "medium", timeStyle: "short" };
  return new Intl.DateTimeFormat(locale, { ...options, timeZone }).format(at);
}
