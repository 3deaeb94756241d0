import type { DbTx } from "../../db/client";
import type { Prisma } from "../../db/generated/client";
import { newId } from "../../ids";
import type { CommunicationDirection, CommunicationType, LeadActivityScope, LeadActivityType } from "../lead-enums";
import type { ActivityActor } from "./activity-actor";
import type { ActivityRepresentation, ChangeSet } from "./activity-representation";

export interface NewActivity {
  type: LeadActivityType;
  activityScope: LeadActivityScope;
  content: string;
  changes?: ChangeSet | null;
  communicationType?: CommunicationType;
  communicationDirection?: CommunicationDirection;
}

/**
 * Writes timeline entries in the caller's transaction, so an entry exists if
 * and only if the write it describes does. Entries of one write are spaced
 * 1 ms apart: the timeline (newest first) then shows them in the order they
 * happened instead of an arbitrary order among equal timestamps.
 */
export async function recordActivities(
  tx: DbTx,
  target: { organizationId: string; leadId: string; actor: ActivityActor; at?: Date },
  activities: NewActivity[],
): Promise<ActivityRepresentation[]> {
  if (activities.length === 0) return [];
  const base = (target.at ?? new Date()).getTime();
  const rows = activities.map((activity, index) => ({
    id: newId("activity"),
    organizationId: target.organizationId,
    leadId: target.leadId,
    type: activity.type,
    activityScope: activity.activityScope,
    content: activity.content,
    changes: (activity.changes ?? undefined) as Prisma.InputJsonValue | undefined,
    communicationType: activity.communicationType ?? null,
    communicationDirection: activity.communicationDirection ?? null,
    userId: target.actor.userId,
    apiKeyId: target.actor.apiKeyId,
    actorKind: target.actor.actorKind,
    actorName: target.actor.actorName,
    createdAt: new Date(base + index),
  }));
  await tx.leadActivity.createMany({ data: rows });
  return rows.map((row, index) => ({
    id: row.id,
    leadId: row.leadId,
    type: row.type,
    activityScope: row.activityScope,
    content: row.content,
    changes: activities[index]?.changes ?? null,
    communicationType: row.communicationType,
    communicationDirection: row.communicationDirection,
    user: target.actor.user,
    createdAt: row.createdAt.toISOString(),
  }));
}

/**
 * The lead's `lastActivityAt` once `recorded` are written: the database
 * trigger moves the stored value in the same statement, and a writer that
 * answers with the row it read before (create, update) uses this so its
 * answer and its events say what was stored.
 */
export function lastActivityAfter(current: string, recorded: readonly ActivityRepresentation[]): string {
  return recorded.reduce((latest, entry) => (entry.createdAt > latest ? entry.createdAt : latest), current);
}
