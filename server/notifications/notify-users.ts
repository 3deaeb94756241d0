import type { DbTx } from "../db/client";
import { Prisma } from "../db/generated/client";
import type { NotificationKind } from "./notification-kinds";
import { recipientsWhoSee } from "./recipient-visibility";
import { devicesOfNotified, queuePushes } from "./push/queue-pushes";

export interface Notice {
  /** Who is told; people who are not members, or who cannot see the lead, are left out. */
  userIds: readonly string[];
  kind: NotificationKind;
  leadId?: string | null;
  /** The lead's name as the notice should show it (kept as written). */
  leadName?: string | null;
  /** What the notice names besides the lead, kept as written (e.g. the unit of a sheet). */
  subject?: string | null;
  /** Once-only: a second notice with the same key to the same person is dropped (e.g. one "due soon" per deadline). */
  dedupeKey?: string;
}

/**
 * The one way anyone is notified, in the caller's transaction (so a notice
 * exists exactly when the change that caused it committed): one row per
 * person for the bell and the live stream, and one Web Push per device the
 * person subscribed (sent by the `send-web-push` deferred job after commit).
 * Answers the ids of the people actually notified.
 */
export async function notifyUsers(tx: DbTx, organizationId: string, notice: Notice): Promise<string[]> {
  const leadId = notice.leadId ?? null;
  const recipients = await recipientsWhoSee(tx, organizationId, notice.userIds, leadId);
  if (recipients.length === 0) return [];
  const values = recipients.map(
    (userId) =>
      Prisma.sql`(gen_random_uuid(), ${organizationId}::uuid, ${userId}::uuid, ${notice.kind}::"NotificationKind", ${leadId}, ${notice.leadName ?? null}, ${notice.subject ?? null}, ${notice.dedupeKey ?? null})`,
  );
  const inserted = await tx.$queryRaw<{ id: string; userId: string; devices: string[] }[]>`
    INSERT INTO "Notification" ("id", "organizationId", "userId", "kind", "leadId", "leadName", "subject", "dedupeKey")
    VALUES ${Prisma.join(values)}
    ON CONFLICT ("userId", "dedupeKey") DO NOTHING
    RETURNING "id"::text AS "id", "userId"::text AS "userId", ${devicesOfNotified} AS "devices"`;
  await queuePushes(tx, organizationId, inserted);
  return inserted.map((row) => row.userId);
}

/** A lead's name as notices show it: the person's name, else how to reach them. */
export function noticeLeadName(lead: { firstName: string | null; lastName: string | null; email: string | null; phone: string | null }): string | null {
  return [lead.firstName, lead.lastName].filter(Boolean).join(" ") || lead.email || lead.phone || null;
}
