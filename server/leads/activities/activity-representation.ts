import type { Prisma } from "../../db/generated/client";
import type { CommunicationDirection, CommunicationType, LeadActivityScope, LeadActivityType } from "../lead-enums";
import { renderActivityUser, type ActivityUser } from "./activity-actor";

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

export function toActivityRepresentation(row: ActivityRow): ActivityRepresentation {
  const changes = row.changes;
  return {
    id: row.id,
    leadId: row.leadId,
    type: row.type,
    activityScope: row.activityScope,
    content: row.content,
    changes: changes !== null && typeof changes === "object" && !Array.isArray(changes) ? (changes as ChangeSet) : null,
    communicationType: row.communicationType as CommunicationType | null,
    communicationDirection: row.communicationDirection,
    user: renderActivityUser(row),
    createdAt: row.createdAt.toISOString(),
  };
}
