import type { DbTx } from "../../db/client";
import { preparedStatement } from "../../db/prepared-statements";
import { Prisma } from "../../db/generated/client";
import { newId } from "../../ids";
import type { CommunicationDirection, CommunicationType, LeadActivityScope, LeadActivityType } from "../lead-enums";
import type { Locale } from "../../i18n/messages";
import type { ActivityActor } from "./activity-actor";
import { renderActivityMessage, type ActivityMessage } from "./activity-message";
import type { ActivityRepresentation, ChangeSet } from "./activity-representation";

/** A timeline entry to write: a person's text (`content`), or what the system says as a key and its data (`message`). */
export type NewActivity = {
  type: LeadActivityType;
  activityScope: LeadActivityScope;
  changes?: ChangeSet | null;
  communicationType?: CommunicationType;
  communicationDirection?: CommunicationDirection;
} & ({ content: string; message?: undefined } | { message: ActivityMessage; content?: undefined });

/**
 * Writes timeline entries in the caller's transaction, so an entry exists if
 * and only if the write it describes does. Entries of one write are spaced
 * 1 ms apart: the timeline (newest first) then shows them in the order they
 * happened instead of an arbitrary order among equal timestamps. A system
 * entry stores its message (rendered when read, in the reader's language) and,
 * in `content`, its English text of the time; the answer renders it in `locale`.
 */
export async function recordActivities(
  tx: DbTx,
  target: ActivityTarget,
  activities: NewActivity[],
): Promise<ActivityRepresentation[]> {
  return (await recordActivitiesOfMany(tx, [{ target, activities }]))[0]!;
}

export interface ActivityTarget {
  organizationId: string;
  leadId: string;
  actor: ActivityActor;
  at?: Date;
  locale?: Locale;
}

/** The entries of many writes (a chunk of an import: one per lead) in one insert; the answers in the order given. */
export async function recordActivitiesOfMany(
  tx: DbTx,
  writes: readonly { target: ActivityTarget; activities: NewActivity[] }[],
): Promise<ActivityRepresentation[][]> {
  const prepared = prepareActivities(writes);
  // Prepared (server/db/prepared-statements.ts): a create runs it every time, with fixed text and a plan that does not depend on the values.
  if (prepared.insert !== null) await tx.$executeRaw(preparedStatement(prepared.insert));
  return prepared.answers;
}

/**
 * The entries of many writes as their one insert statement (no RETURNING, so
 * a writer can run it as a data-modifying CTE beside its other writes: a
 * create sends it with its history row and events, server/leads/
 * lead-story.ts) and the answers it will have written, in the order given.
 * `insert` is null when there is nothing to write.
 */
export function prepareActivities(writes: readonly { target: ActivityTarget; activities: NewActivity[] }[]): {
  insert: Prisma.Sql | null;
  answers: ActivityRepresentation[][];
} {
  const rowsOfWrites = writes.map(({ target, activities }) => activityRows(target, activities));
  const all = rowsOfWrites.flat();
  const answers = writes.map(({ target, activities }, write) =>
    rowsOfWrites[write]!.map((row, index) => ({
      id: row.id,
      leadId: row.leadId,
      type: row.type,
      activityScope: row.activityScope,
      content: renderActivityMessage(row.message, target.locale ?? "en", row.content),
      changes: activities[index]?.changes ?? null,
      communicationType: row.communicationType,
      communicationDirection: row.communicationDirection,
      user: target.actor.user,
      createdAt: row.createdAt.toISOString(),
    })),
  );
  return { insert: all.length > 0 ? insertActivities(all) : null, answers };
}

/** The entries in one statement, in the order given (a function scan keeps the array's order; raw SQL: Prisma's `createMany` compiled a statement per call, most of its cost). */
function insertActivities(rows: ReturnType<typeof activityRows>): Prisma.Sql {
  return Prisma.sql`
    INSERT INTO "LeadActivity" ("id", "organizationId", "leadId", "type", "activityScope", "content", "message", "changes",
      "communicationType", "communicationDirection", "userId", "apiKeyId", "actorKind", "actorName", "createdAt")
    SELECT r."id", r."organizationId", r."leadId", r."type", r."activityScope", coalesce(r."content", ''), r."message", r."changes",
      r."communicationType", r."communicationDirection", r."userId", r."apiKeyId", r."actorKind", r."actorName", r."createdAt"
    FROM jsonb_to_recordset(${JSON.stringify(rows)}::jsonb) AS r(
      "id" text, "organizationId" uuid, "leadId" text, "type" "LeadActivityType", "activityScope" "LeadActivityScope", "content" text,
      "message" jsonb, "changes" jsonb, "communicationType" "LeadActivityType", "communicationDirection" "CommunicationDirection",
      "userId" uuid, "apiKeyId" uuid, "actorKind" text, "actorName" text, "createdAt" timestamptz)`;
}

function activityRows(target: ActivityTarget, activities: NewActivity[]) {
  const base = (target.at ?? new Date()).getTime();
  return activities.map((activity, index) => ({
    id: newId("activity"),
    organizationId: target.organizationId,
    leadId: target.leadId,
    type: activity.type,
    activityScope: activity.activityScope,
    content: activity.message ? renderActivityMessage(activity.message, "en", "") : activity.content,
    message: (activity.message ?? undefined) as Prisma.InputJsonValue | undefined,
    changes: (activity.changes ?? undefined) as Prisma.InputJsonValue | undefined,
    communicationType: activity.communicationType ?? null,
    communicationDirection: activity.communicationDirection ?? null,
    userId: target.actor.userId,
    apiKeyId: target.actor.apiKeyId,
    actorKind: target.actor.actorKind,
    actorName: target.actor.actorName,
    createdAt: new Date(base + index),
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
