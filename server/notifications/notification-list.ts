import { sessionUserId } from "../account/session-user";
import { Prisma } from "../db/generated/client";
import type { DomainContext } from "../domain-context";
import { visibleLeadsSql } from "../leads/lead-visibility";
import type { NotificationKind } from "./notification-kinds";

export interface NotificationRow {
  id: string;
  seq: bigint;
  kind: NotificationKind;
  leadId: string | null;
  leadName: string | null;
  subject: string | null;
  readAt: Date | null;
  createdAt: Date;
}

/** Newest notices shown at once; older ones are read by paging with `beforeSeq`. */
export const NOTIFICATION_PAGE = 30;

/**
 * The notices the caller may read: their own in this organization, and of
 * those about a lead only while they can still see it (the same visibility
 * as every lead read: a lead given to someone else under `own` visibility, or
 * deleted, takes its notices out of the bell).
 */
function readableSql(ctx: DomainContext, userId: string): Prisma.Sql {
  return Prisma.sql`n."organizationId" = ${ctx.principal.organizationId}::uuid AND n."userId" = ${userId}::uuid
    AND (n."leadId" IS NULL OR EXISTS (SELECT 1 FROM "Lead" l WHERE l."id" = n."leadId" AND ${visibleLeadsSql(ctx.principal, "l")}))`;
}

export async function listNotifications(ctx: DomainContext, page: { beforeSeq?: bigint; limit?: number }): Promise<{ rows: NotificationRow[]; unread: number }> {
  const userId = sessionUserId(ctx.principal);
  const readable = readableSql(ctx, userId);
  const before = page.beforeSeq === undefined ? Prisma.empty : Prisma.sql`AND n."seq" < ${page.beforeSeq}`;
  const [rows, [counted]] = await Promise.all([
    ctx.db.$queryRaw<NotificationRow[]>`
      SELECT n."id"::text AS "id", n."seq", n."kind"::text AS "kind", n."leadId", n."leadName", n."subject", n."readAt", n."createdAt"
      FROM "Notification" n WHERE ${readable} ${before} ORDER BY n."seq" DESC LIMIT ${page.limit ?? NOTIFICATION_PAGE}`,
    ctx.db.$queryRaw<{ unread: number }[]>`SELECT count(*)::int AS "unread" FROM "Notification" n WHERE ${readable} AND n."readAt" IS NULL`,
  ]);
  return { rows, unread: counted?.unread ?? 0 };
}

/** Marks the caller's notices read: the ones named, or every unread one (`all`); others' notices are never touched. Answers how many changed. */
export async function markNotificationsRead(ctx: DomainContext, which: { ids: readonly string[] } | { all: true }): Promise<number> {
  const userId = sessionUserId(ctx.principal);
  const chosen = "all" in which ? Prisma.empty : Prisma.sql`AND n."id" = ANY(${[...which.ids]}::uuid[])`;
  return ctx.db.$executeRaw`
    UPDATE "Notification" n SET "readAt" = now()
    WHERE n."organizationId" = ${ctx.principal.organizationId}::uuid AND n."userId" = ${userId}::uuid AND n."readAt" IS NULL ${chosen}`;
}
