import type { Db } from "../db/client";

/**
 * The journal's visibility horizon: a transaction id below which every
 * transaction of this database has ended. Events carry the id of the
 * transaction that wrote them (`WebhookEvent.txid`), and transactions commit
 * in an order of their own, so an event of a long transaction can become
 * visible after events of shorter ones that began later. Listing only events
 * below the horizon, in `(txid, position)` order, means a reader that went
 * past an event will never later find one before it: a cursor never skips an
 * event that committed late.
 *
 * The horizon is the oldest transaction still running in this database (its
 * id taken from the snapshot's in-progress list, matched on the 32-bit id
 * `pg_stat_activity` shows), else the snapshot's next id. Transactions of
 * other databases of the cluster never write our events and do not hold it
 * back. It is read in a statement of its own before the events are read, so
 * a transaction that ends in between is already visible to the read.
 */
export async function visibilityHorizon(db: Db): Promise<bigint> {
  const [row] = await db.$queryRaw<{ horizon: bigint }[]>`
    WITH s AS (SELECT pg_current_snapshot() AS snapshot),
    running AS (
      SELECT a.backend_xid::text::bigint AS xid FROM pg_stat_activity a
      WHERE a.datname = current_database() AND a.backend_xid IS NOT NULL
    )
    SELECT COALESCE(
      (SELECT min(x::text::bigint) FROM s, pg_snapshot_xip(s.snapshot) x
       WHERE (x::text::bigint % 4294967296) IN (SELECT xid FROM running)),
      (SELECT pg_snapshot_xmax(s.snapshot)::text::bigint FROM s)
    ) AS horizon`;
  return row!.horizon;
}
