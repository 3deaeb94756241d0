import { Prisma } from "../db/generated/client";
import type { Db } from "../db/client";
import { sqlNow, sqlNowPlus, type Clock } from "./job-clock";

/**
 * The one claim every row-claimed job uses: which due rows a worker takes,
 * how one organization is kept from starving the others, and the lease that
 * keeps the claim after the statement commits (so no transaction stays open
 * across the work). One statement:
 *
 * 1. Due rows: open (work not yet recorded), due by the look-ahead horizon,
 *    not leased by anyone else (or leased by a worker whose lease expired).
 * 2. In flight: what each of those organizations already holds (leased and
 *    due, claimed by anyone and not yet recorded).
 * 3. Turns: each organization's rows are numbered, interleaving its lanes
 *    (a webhook endpoint, a sequence), and the claim takes every
 *    organization's first row, then every second, … — and never more than
 *    `perOrganization` minus what the organization holds.
 * 4. `FOR UPDATE SKIP LOCKED`, re-checking under the lock that the row is
 *    still free, so claimers side by side never wait on nor take the same row.
 * 5. The lease, on the database clock (`now()`), so instances whose clocks
 *    disagree still agree on who holds a row: until the row's due time (work
 *    handed over ahead, see `DriverPolicy.lookAheadMs`) plus `leaseMs`.
 */

/** The tables whose rows are claimed; each has `id uuid`, `organizationId`, `lockedUntil` and `traceparent`. */
export type LeasedTable = "WebhookDelivery" | "OutgoingMail" | "SequenceContact" | "DeferredJob";

/** The bounds of one claim, for a source's own candidate query. */
export interface ClaimWindow {
  now: Prisma.Sql;
  /** `now` plus the look-ahead: rows due by then may be handed over. */
  horizon: Prisma.Sql;
  perOrganization: number;
}

/** A table of due work, as the claim sees it (SQL over the table aliased `t`). */
export interface FairClaimSource {
  table: LeasedTable;
  /** The row's due time, e.g. t."nextAttemptAt". */
  dueAt: Prisma.Sql;
  /** The row's work is open: claimable when due and free, counted in flight when leased and due. */
  open: Prisma.Sql;
  /** Within an organization, rows are interleaved by this (default: one lane). */
  lane?: Prisma.Sql;
  /**
   * Candidate rows `(id, "organizationId", "dueAt", lane)`: open, due by the
   * horizon, free. The default scans the table; a source with a better index
   * path (one range per lane, at most `perOrganization` each) gives its own.
   */
  candidates?: (window: ClaimWindow) => Prisma.Sql;
  /** More assignments made by the claim (e.g. a claim counter). */
  onClaim?: Prisma.Sql;
  /** Assignments that undo `onClaim` when a claim is handed back unused. */
  onRelease?: Prisma.Sql;
  /** Tables joined for `returning` (comma-led `from`, AND-led `where`). */
  join?: { from: Prisma.Sql; where: Prisma.Sql };
  /** More columns the claim returns (comma-led), e.g. what the work needs, read in the same statement. */
  returning?: Prisma.Sql;
}

export interface FairClaimOptions {
  limit: number;
  leaseMs: number;
  perOrganization: number;
  /** Rows due up to this far ahead may be handed over (their run waits); 0 = only rows due now. */
  lookAheadMs: number;
}

export interface ClaimedRow {
  id: string;
  organizationId: string | null;
  lockedUntil: Date;
  dueAt: Date;
  /** Handed over before its due time: the run waits until `dueAt`. */
  early: boolean;
  /** The trace context of the write that queued the row (W3C `traceparent`), or null. */
  traceparent: string | null;
}

/** A claim's hold on its row: renewals and releases touch the row only while it still holds `until`. */
export interface LeaseHandle {
  table: LeasedTable;
  id: string;
  until: Date;
  /** Assignments that undo the claim's own bookkeeping when the lease is handed back. */
  onRelease?: Prisma.Sql;
}

const tableSql = (table: LeasedTable) => Prisma.raw(`"${table}"`);
const free = (now: Prisma.Sql) => Prisma.sql`(t."lockedUntil" IS NULL OR t."lockedUntil" <= ${now})`;

function defaultCandidates(source: FairClaimSource, window: ClaimWindow): Prisma.Sql {
  return Prisma.sql`
    SELECT t.id, t."organizationId", ${source.dueAt} AS "dueAt", ${source.lane ?? Prisma.sql`NULL::text`} AS lane
    FROM ${tableSql(source.table)} t
    WHERE ${source.open} AND ${source.dueAt} <= ${window.horizon} AND ${free(window.now)}`;
}

export async function claimFairly<Extra extends object = object>(
  db: Db,
  clock: Clock,
  source: FairClaimSource,
  options: FairClaimOptions,
): Promise<(ClaimedRow & Extra)[]> {
  const now = sqlNow(clock);
  const window: ClaimWindow = { now, horizon: sqlNowPlus(clock, options.lookAheadMs), perOrganization: options.perOrganization };
  const table = tableSql(source.table);
  const candidates = source.candidates ? source.candidates(window) : defaultCandidates(source, window);
  return db.$queryRaw<(ClaimedRow & Extra)[]>`
    WITH due AS (${candidates}),
    in_flight AS (
      SELECT t."organizationId", count(*)::int AS n
      FROM ${table} t
      WHERE ${source.open} AND t."lockedUntil" > ${now} AND ${source.dueAt} <= ${now}
        AND (t."organizationId" IN (SELECT "organizationId" FROM due)
             OR (t."organizationId" IS NULL AND EXISTS (SELECT 1 FROM due WHERE "organizationId" IS NULL)))
      GROUP BY t."organizationId"
    ), by_lane AS (
      SELECT due.*, row_number() OVER (PARTITION BY due."organizationId", due.lane ORDER BY due."dueAt", due.id) AS lane_turn
      FROM due
    ), by_organization AS (
      SELECT b.*, row_number() OVER (PARTITION BY b."organizationId" ORDER BY b.lane_turn, b."dueAt", b.id) AS turn
      FROM by_lane b
    ), picked AS (
      SELECT o.id FROM by_organization o
      LEFT JOIN in_flight f ON f."organizationId" IS NOT DISTINCT FROM o."organizationId"
      WHERE o.turn <= ${options.perOrganization}::int - COALESCE(f.n, 0)
      ORDER BY o.turn, o."dueAt", o.id
      LIMIT ${options.limit}::int
    ), locked AS (
      SELECT t.id FROM ${table} t
      WHERE t.id IN (SELECT id FROM picked) AND ${source.open} AND ${source.dueAt} <= ${window.horizon} AND ${free(now)}
      FOR UPDATE OF t SKIP LOCKED
    )
    UPDATE ${table} t
    SET "lockedUntil" = GREATEST(${source.dueAt}, ${now}) + ${options.leaseMs}::double precision * interval '1 millisecond'
        ${source.onClaim ? Prisma.sql`, ${source.onClaim}` : Prisma.empty}
    FROM locked ${source.join?.from ?? Prisma.empty}
    WHERE t.id = locked.id ${source.join?.where ?? Prisma.empty}
    RETURNING t.id, t."organizationId", t."lockedUntil", ${source.dueAt} AS "dueAt", (${source.dueAt} > ${now}) AS early, t."traceparent"
      ${source.returning ?? Prisma.empty}`;
}

/** The lease a claimed row is held by. */
export function leaseOf(source: FairClaimSource, row: ClaimedRow): LeaseHandle {
  return { table: source.table, id: row.id, until: row.lockedUntil, onRelease: source.onRelease };
}

function byTable(leases: readonly LeaseHandle[]): Map<LeasedTable, LeaseHandle[]> {
  const groups = new Map<LeasedTable, LeaseHandle[]>();
  for (const lease of leases) groups.set(lease.table, [...(groups.get(lease.table) ?? []), lease]);
  return groups;
}

const heldBy = (leases: LeaseHandle[]) => Prisma.sql`
  (SELECT unnest(${leases.map((l) => l.id)}::uuid[]) AS id, unnest(${leases.map((l) => l.until.toISOString())}::timestamptz[]) AS until) v`;

/**
 * The heartbeat: moves each lease's end to `leaseMs` from now, for rows whose
 * lease is still the one held. Returns the renewed leases (the others were
 * recorded, released or taken over since, and are not renewed again).
 */
export async function renewLeases(db: Db, clock: Clock, leases: readonly LeaseHandle[], leaseMs: number): Promise<LeaseHandle[]> {
  const renewed: LeaseHandle[] = [];
  for (const [table, group] of byTable(leases)) {
    const rows = await db.$queryRaw<{ id: string; lockedUntil: Date }[]>`
      UPDATE ${tableSql(table)} t SET "lockedUntil" = ${sqlNowPlus(clock, leaseMs)}
      FROM ${heldBy(group)}
      WHERE t.id = v.id AND t."lockedUntil" = v.until
      RETURNING t.id, t."lockedUntil"`;
    const until = new Map(rows.map((row) => [row.id, row.lockedUntil]));
    for (const lease of group) {
      const next = until.get(lease.id);
      if (next) renewed.push({ ...lease, until: next });
    }
  }
  return renewed;
}

/** Hands claims back unused: the rows are free at once for any claimer (an unfinished attempt is not a failed one). */
export async function releaseLeases(db: Db, leases: readonly LeaseHandle[]): Promise<number> {
  let released = 0;
  for (const [table, group] of byTable(leases)) {
    const undo = group[0]!.onRelease;
    released += await db.$executeRaw`
      UPDATE ${tableSql(table)} t SET "lockedUntil" = NULL ${undo ? Prisma.sql`, ${undo}` : Prisma.empty}
      FROM ${heldBy(group)}
      WHERE t.id = v.id AND t."lockedUntil" = v.until`;
  }
  return released;
}
