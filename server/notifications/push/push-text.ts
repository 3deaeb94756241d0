import type { Locale } from "../../i18n/messages";
import type { NotificationKind } from "../notification-kinds";

export interface PushMessage {
  title: string;
  body: string;
  /** Where a tap opens the dashboard: the lead, or the home page for a notice without one. */
  url: string;
  /** Replaces an earlier notification about the same thing on the device instead of stacking. */
  tag: string;
  kind: NotificationKind;
}

const TITLES: Record<Locale, Record<NotificationKind, string>> = {
  en: {
    lead_assigned: "New lead for you",
    first_touch_due_soon: "First touch due in 2 minutes",
    first_touch_escalated: "First touch missed: escalated to you",
    claim_offered: "A lead is waiting to be claimed",
    sheet_viewed: "Your lead opened the sheet you sent",
    unit_matched: "A unit matches your lead",
    sheet_interest: "Someone is interested in a sheet",
  },
  es: {
    lead_assigned: "Nuevo lead para ti",
    first_touch_due_soon: "El primer contacto vence en 2 minutos",
    first_touch_escalated: "Primer contacto no realizado: se te escaló",
    claim_offered: "Hay un lead esperando que lo tomes",
    sheet_viewed: "Tu lead abrió la ficha que le enviaste",
    unit_matched: "Una unidad coincide con tu lead",
    sheet_interest: "Alguien se interesó en una ficha",
  },
};

/** What the device shows, in the person's language (the payload is encrypted end to end: the push service never reads it). */
export function pushMessageOf(locale: Locale, notice: { id: string; kind: NotificationKind; leadId: string | null; leadName: string | null }): PushMessage {
  const fallback = locale === "es" ? "Abre inmo para verlo" : "Open inmo to see it";
  return {
    title: TITLES[locale][notice.kind],
    body: notice.leadName ?? fallback,
    url: notice.leadId ? `/leads/${notice.leadId}` : "/home",
    tag: notice.leadId ? `${notice.kind}:${notice.leadId}` : notice.id,
    kind: notice.kind,
  };
}
