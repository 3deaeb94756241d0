import type { DbTx } from "../../db/client";
import { applyStatusReport, sameState, type DeliveryState, type StatusReport } from "./delivery-status";
import type { MessageRow } from "./message-representation";

/** Backlogged callbacks for messages never recorded (sent by another tool on the same number) are dropped after this. */
const BACKLOG_RETENTION_HOURS = 24;

/**
 * Serialises, per provider message id, the transaction that records a sent
 * message and those applying its status callbacks, so a callback that races
 * the send is either applied to the row or found in the backlog by it.
 */
export async function lockProviderMessage(tx: DbTx, providerMessageId: string): Promise<void> {
  await tx.$executeRaw`SELECT pg_advisory_xact_lock(hashtextextended(${`whatsapp-message:${providerMessageId}`}, 0))`;
}

function stateOf(row: MessageRow): DeliveryState {
  const status = row.status === "received" ? "accepted" : row.status;
  return {
    status,
    sentAt: row.sentAt,
    deliveredAt: row.deliveredAt,
    readAt: row.readAt,
    failedAt: row.failedAt,
    failureCode: row.failureCode,
    failureReason: row.failureReason,
  };
}

/** Applies reports to a message row in one update (none when they change nothing: duplicates are free). */
async function applyReports(tx: DbTx, row: MessageRow, reports: StatusReport[]): Promise<MessageRow> {
  const before = stateOf(row);
  const after = reports.reduce(applyStatusReport, before);
  if (sameState(before, after)) return row;
  return tx.whatsAppMessage.update({ where: { id: row.id }, data: after });
}

/**
 * One status callback: applied to its outbound message, or kept in the
 * backlog when the message is not recorded yet (the provider answered the
 * send and called back before the sending transaction committed).
 */
export async function recordStatusCallback(
  tx: DbTx,
  organizationId: string,
  providerMessageId: string,
  report: StatusReport,
): Promise<"applied" | "unchanged" | "backlogged"> {
  await lockProviderMessage(tx, providerMessageId);
  const row = await tx.whatsAppMessage.findFirst({ where: { providerMessageId, organizationId, direction: "outbound" } });
  if (row) return (await applyReports(tx, row, [report])) === row ? "unchanged" : "applied";
  await tx.whatsAppStatusBacklog.createMany({
    data: [
      {
        providerMessageId,
        organizationId,
        status: report.status,
        occurredAt: report.at,
        failureCode: report.failureCode ?? null,
        failureReason: report.failureReason ?? null,
      },
    ],
    skipDuplicates: true,
  });
  await tx.$executeRaw`DELETE FROM "WhatsAppStatusBacklog" WHERE "createdAt" < now() - make_interval(hours => ${BACKLOG_RETENTION_HOURS})`;
  return "backlogged";
}

/** Applies, then forgets, the callbacks that arrived before `row` was recorded (the caller holds the message lock). */
export async function applyBacklog(tx: DbTx, row: MessageRow): Promise<MessageRow> {
  const waiting = await tx.whatsAppStatusBacklog.findMany({
    where: { providerMessageId: row.providerMessageId, organizationId: row.organizationId },
  });
  if (waiting.length === 0) return row;
  await tx.whatsAppStatusBacklog.deleteMany({ where: { providerMessageId: row.providerMessageId } });
  const reports = waiting
    .filter((entry) => entry.status !== "accepted" && entry.status !== "received")
    .map((entry) => ({
      status: entry.status as StatusReport["status"],
      at: entry.occurredAt,
      failureCode: entry.failureCode,
      failureReason: entry.failureReason,
    }));
  return applyReports(tx, row, reports);
}
