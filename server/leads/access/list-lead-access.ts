import type { DomainContext } from "../../domain-context";
import type { ListResult } from "../../list-result";

export interface LeadAccessEntry {
  id: string;
  kind: "view" | "export";
  /** The person, or `API key <name>`, as named when it happened. */
  actorName: string;
  userId: string | null;
  /** The connected app, when a person acted through one. */
  via: string | null;
  source: "ui" | "api";
  leadCount: number;
  /** The lead of a view, with its current name (null once deleted); null for an export. */
  lead: { id: string; name: string | null } | null;
  createdAt: string;
}

interface Row {
  id: string;
  kind: "view" | "export";
  actorName: string;
  userId: string | null;
  via: string | null;
  source: "ui" | "api";
  leadCount: number;
  leadId: string | null;
  leadName: string | null;
  createdAt: Date;
  total: bigint;
}

/** Settings → Lead access: one kind of record (exports, views), newest first, with the total. */
export async function listLeadAccess(
  { db, principal }: DomainContext,
  request: { kind: "view" | "export"; limit: number; offset: number },
): Promise<ListResult<LeadAccessEntry>> {
  const rows = await db.$queryRaw<Row[]>`
    SELECT a."id", a."kind"::text AS "kind", a."actorName", a."userId"::text AS "userId", a."via", a."source", a."leadCount",
           CASE WHEN a."kind" = 'view' THEN a."leadIds"[1] END AS "leadId",
           CASE WHEN a."kind" = 'view' THEN coalesce(nullif(btrim(concat_ws(' ', l."firstName", l."lastName")), ''), l."email", l."phone") END AS "leadName",
           a."createdAt", count(*) OVER () AS "total"
    FROM "LeadAccess" a
    LEFT JOIN "Lead" l ON a."kind" = 'view' AND l."id" = a."leadIds"[1] AND l."organizationId" = a."organizationId"
    WHERE a."organizationId" = ${principal.organizationId}::uuid AND a."kind" = ${request.kind}::"LeadAccessKind"
    ORDER BY a."createdAt" DESC, a."id" DESC
    LIMIT ${request.limit} OFFSET ${request.offset}`;
  const total = rows[0]
    ? Number(rows[0].total)
    : await db.leadAccess.count({ where: { organizationId: principal.organizationId, kind: request.kind } });
  return {
    total,
    rows: rows.map((row) => ({
      id: row.id,
      kind: row.kind,
      actorName: row.actorName,
      userId: row.userId,
      via: row.via,
      source: row.source,
      leadCount: row.leadCount,
      lead: row.leadId === null ? null : { id: row.leadId, name: row.leadName },
      createdAt: row.createdAt.toISOString(),
    })),
  };
}
