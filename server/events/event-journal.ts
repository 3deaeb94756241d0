import { Prisma } from "../db/generated/client";
import type { DomainContext } from "../domain-context";
import { ApiError } from "../errors/api-error";
import { cursorList, decodeCursor, encodeCursor } from "../list-cursor";
import { webhookRetentionDays } from "../webhooks/prune-webhook-history-job";
import type { EventEnvelope } from "./event-envelope";
import type { EventType } from "./event-types";
import { visibilityHorizon } from "./visibility-horizon";

/**
 * The event journal (`GET /events`): every event the organization recorded
 * in the retention window (`WEBHOOK_RETENTION_DAYS`, 30 days), whether or not
 * a subscription wanted it, with the ids and bodies its webhooks carry. The
 * order is the order transactions committed in (`txid`, then the writer's
 * order within one), read only up to the visibility horizon, so paging with
 * a cursor neither repeats nor skips an event, however many are written meanwhile.
 */

export interface ListJournalRequest {
  limit: number;
  offset: number;
  sortOrder: "asc" | "desc";
  types?: EventType[];
  /** ISO 8601: events created at or after it. */
  since?: string;
  cursor?: string;
}

export interface JournalPage {
  rows: EventEnvelope[];
  total: number;
  hasMore: boolean;
  /** Where the next page starts; in ascending order given even on the last page, to poll for newer events. */
  nextCursor: string | null;
}

const listName = (order: "asc" | "desc") => `events:${order}`;

/** A cursor decides its own direction: one from an ascending page continues ascending. */
function orderOf(request: ListJournalRequest): "asc" | "desc" {
  if (request.cursor === undefined) return request.sortOrder;
  const list = cursorList(request.cursor);
  return list === listName("asc") ? "asc" : list === listName("desc") ? "desc" : request.sortOrder;
}

function positionOf(request: ListJournalRequest, order: "asc" | "desc"): { txid: bigint; position: bigint } | null {
  if (request.cursor === undefined) return null;
  if (request.offset > 0) throw ApiError.text("VALIDATION_ERROR", "offset: cannot be combined with cursor");
  const [txid, position] = decodeCursor(listName(order), request.cursor, 2);
  if (typeof txid !== "string" || typeof position !== "string" || !/^\d+$/.test(txid) || !/^\d+$/.test(position)) {
    throw ApiError.text("VALIDATION_ERROR", "cursor: not a cursor of this list (use pagination.nextCursor as it was answered)");
  }
  return { txid: BigInt(txid), position: BigInt(position) };
}

export async function listJournalEvents({ db, principal }: DomainContext, request: ListJournalRequest): Promise<JournalPage> {
  const order = orderOf(request);
  const after = positionOf(request, order);
  const horizon = await visibilityHorizon(db);
  const filters = [
    Prisma.sql`e."organizationId" = ${principal.organizationId}::uuid`,
    Prisma.sql`e.txid < ${horizon}::bigint`,
    Prisma.sql`e."createdAt" >= now() - ${webhookRetentionDays()}::int * interval '1 day'`,
  ];
  if (request.types?.length) filters.push(Prisma.sql`e.type = ANY(${request.types}::text[])`);
  if (request.since) filters.push(Prisma.sql`e."createdAt" >= ${new Date(request.since)}::timestamptz`);
  const where = Prisma.join(filters, " AND ");
  const direction = Prisma.raw(order === "asc" ? "ASC" : "DESC");
  const keyset = after
    ? order === "asc"
      ? Prisma.sql`AND (e.txid, e.position) > (${after.txid}::bigint, ${after.position}::bigint)`
      : Prisma.sql`AND (e.txid, e.position) < (${after.txid}::bigint, ${after.position}::bigint)`
    : Prisma.empty;

  const [rows, counted] = await Promise.all([
    db.$queryRaw<{ body: string; txid: bigint; position: bigint }[]>`
      SELECT e.body, e.txid, e.position FROM "WebhookEvent" e
      WHERE ${where} ${keyset}
      ORDER BY e.txid ${direction}, e.position ${direction}
      LIMIT ${request.limit + 1}::int OFFSET ${after ? 0 : request.offset}::int`,
    db.$queryRaw<{ total: bigint }[]>`SELECT count(*) AS total FROM "WebhookEvent" e WHERE ${where}`,
  ]);
  const hasMore = rows.length > request.limit;
  const page = rows.slice(0, request.limit);
  const last = page.at(-1);
  const nextCursor = last
    ? order === "desc" && !hasMore
      ? null
      : encodeCursor(listName(order), [last.txid.toString(), last.position.toString()])
    : order === "asc" && request.cursor !== undefined
      ? request.cursor
      : null;
  return {
    rows: page.map((row) => JSON.parse(row.body) as EventEnvelope),
    total: Number(counted[0]?.total ?? 0),
    hasMore,
    nextCursor,
  };
}
