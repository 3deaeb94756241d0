import type { Prisma } from "../../db/generated/client";
import type { CommunicationDirection, CommunicationType, LeadActivityScope, LeadActivityType } from "../lead-enums";
import type { Locale } from "../../i18n/messages";
import { renderActivityUser, type ActivityUser } from "./activity-actor";
import { renderActivityMessage } from "./activity-message";

export const activityInclude = {
  user: { select: { id: true, name: true, email: true, image: true } },
} as const satisfies Prisma.LeadActivityInclude;

export type ActivityRow = Prisma.LeadActivityGetPayload<{ include: typeof activityInclude }>;

/** `{field: {from, to}}` for each field a change touched, in wire values. */
export type ChangeSet = Record<string, { from: unknown; to: unknown }>;

/** A timeline entry as the API shows it. */
export interface ActivityRepresentation {
  id: string;
  leadId: string;
  type: LeadActivityType;
  activityScope: LeadActivityScope;
  content: string;
  changes: ChangeSet | null;
  communicationType: CommunicationType | null;
  communicationDirection: CommunicationDirection | null;
  user: ActivityUser;
  createdAt: string;
}

/** An entry as the API shows it: a system entry's text and the author's kind rendered in `locale` (the organization's). */
export function toActivityRepresentation(row: ActivityRow, locale: Locale): ActivityRepresentation {
  const changes = row.changes;
  return {
    id: row.id,
    leadId: row.leadId,
    type: row.type,
    activityScope: row.activityScope,
    content: renderActivityMessage(row.message, locale, row.content),
    changes: changes !== null && typeof changes === "object" && !Array.isArray(changes) ? (changes as ChangeSet) : null,
    communicationType: row.communicationType as CommunicationType | null,
    communicationDirection: row.communicationDirection,
    user: renderActivityUser(row, locale),
    createdAt: row.createdAt.toISOString(),
  };
}
