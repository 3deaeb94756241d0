import { dictionaryFor } from "../../../lib/i18n/dictionaries";
import type { Locale } from "../../i18n/messages";
import { stageDisplayName, type StageNaming } from "../../pipeline/stage-name";
import type { LeadStatus } from "../lead-enums";

/** Why an instant reply did not go out (server/instant-reply/). */
export type InstantReplyNotSentReason = "no_channel" | "no_contact" | "opted_out" | "whatsapp_failed" | "email_failed" | "sandbox";

/**
 * What a system timeline entry says, stored as a key and its data (the
 * `message` column) and rendered when read, in the reader's language, so an
 * organization that switches language reads its whole history in the new one.
 * Names of people and sequences are data (they are not translated); a
 * default stage is its `systemKey` (its name follows the language).
 */
export type ActivityMessage =
  | { key: "created" }
  | { key: "updated"; fields: string[] }
  | { key: "statusChanged"; from: LeadStatus; to: LeadStatus }
  | { key: "stageChanged"; from: StageNaming | null; to: StageNaming | null }
  | { key: "assigned"; assignee: string | null; byRoundRobin: boolean }
  | { key: "unassigned"; assignee: string | null }
  | { key: "callQueued"; member: string | null; sequence: string }
  | { key: "merged"; count: number }
  | { key: "unmerged"; count: number }
  | { key: "restored" }
  | { key: "firstTouchBreached"; owner: string | null; escalation: "reassigned" | "released" | "notified" | "none" }
  | { key: "instantReplyNotSent"; reason: InstantReplyNotSentReason }
  | { key: "unitHolding"; unit: string; project: string; status: "reserved" | "sold" | "available" }
  | { key: "unitSheetViewed"; projectId: string; unitId: string | null; project: string; unit: string | null }
  | { key: "unitSent"; projectId: string; unitId: string; project: string; unit: string; channel: "whatsapp" | "email" };

/** Wire field names as a person reads them ("stageId" → "Pipeline stage"). */
const FIELD_LABELS: Record<string, (fields: ReturnType<typeof dictionaryFor>["leads"]["fields"]) => string> = {
  stageId: (f) => f.stage,
  assignedToId: (f) => f.assignee,
  projectId: (f) => f.project,
  unitId: (f) => f.unit,
};

function fieldLabel(field: string, locale: Locale): string {
  const fields = dictionaryFor(locale).leads.fields;
  const special = FIELD_LABELS[field];
  if (special) return special(fields);
  return (fields as Record<string, string>)[field] ?? field;
}

function isMessage(value: unknown): value is ActivityMessage {
  return typeof value === "object" && value !== null && typeof (value as { key?: unknown }).key === "string";
}

/** The entry's text in `locale`; `fallback` (the stored text) for entries written before texts were keys. */
export function renderActivityMessage(message: unknown, locale: Locale, fallback: string): string {
  if (!isMessage(message)) return fallback;
  const t = dictionaryFor(locale);
  const status = (value: LeadStatus) => t.leadStatus[value] ?? value;
  const stage = (value: StageNaming | null) => (value ? stageDisplayName(value, locale) : t.timeline.none);
  switch (message.key) {
    case "created":
      return t.timeline.created;
    case "updated":
      return t.timeline.updated(message.fields.map((field) => fieldLabel(field, locale)).join(", "));
    case "statusChanged":
      return t.timeline.statusChanged(status(message.from), status(message.to));
    case "stageChanged":
      return t.timeline.stageChanged(stage(message.from), stage(message.to));
    case "assigned": {
      const name = message.assignee ?? t.timeline.nobody;
      return message.byRoundRobin ? t.timeline.assignedByRoundRobin(name) : t.timeline.assigned(name);
    }
    case "unassigned":
      return t.timeline.unassigned(message.assignee ?? t.timeline.nobody);
    case "unitHolding":
      return message.status === "reserved"
        ? t.timeline.unitReserved(message.unit, message.project)
        : message.status === "sold"
          ? t.timeline.unitBought(message.unit, message.project)
          : t.timeline.unitReleased(message.unit, message.project);
    case "unitSheetViewed":
      return message.unit === null ? t.timeline.projectSheetViewed(message.project) : t.timeline.unitSheetViewed(message.unit, message.project);
    case "unitSent":
      return t.timeline.unitSent(message.unit, message.project, t.timeline.sentChannel[message.channel]);
    case "callQueued":
      return t.timeline.callQueued(message.member ?? t.timeline.aMember, message.sequence);
    case "merged":
      return t.timeline.merged(message.count);
    case "unmerged":
      return t.timeline.unmerged(message.count);
    case "restored":
      return t.timeline.restored;
    case "firstTouchBreached":
      return t.timeline.firstTouchBreached(message.owner ?? t.timeline.aMember, t.timeline.firstTouchEscalation[message.escalation]);
    case "instantReplyNotSent":
      return t.timeline.instantReplyNotSent(t.timeline.instantReplyReasons[message.reason] ?? message.reason);
    default:
      return fallback;
  }
}
