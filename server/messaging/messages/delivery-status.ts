/**
 * How an outbound message's delivery state moves as status callbacks arrive.
 * The provider does not promise order: callbacks are retried and can arrive
 * late or twice, and with several devices `delivered` can follow `failed` (or
 * the reverse). So the state is a join, not a log: every status keeps the time
 * it was first reported, and the visible status only moves forward in the
 * order accepted < sent < failed < delivered < read. A late `sent` never
 * overwrites `read`; a failure reported after delivery does not undo it; a
 * message reported delivered after a failure did reach the phone.
 */
export const DELIVERY_STATUSES = ["accepted", "sent", "delivered", "read", "failed"] as const;
export type DeliveryStatus = (typeof DELIVERY_STATUSES)[number];
export type ReportedStatus = Exclude<DeliveryStatus, "accepted">;

const RANK: Record<DeliveryStatus, number> = { accepted: 0, sent: 1, failed: 2, delivered: 3, read: 4 };

export interface DeliveryState {
  status: DeliveryStatus;
  sentAt: Date | null;
  deliveredAt: Date | null;
  readAt: Date | null;
  failedAt: Date | null;
  failureCode: number | null;
  failureReason: string | null;
}

export interface StatusReport {
  status: ReportedStatus;
  at: Date;
  failureCode?: number | null;
  failureReason?: string | null;
}

function earliest(current: Date | null, reported: Date): Date {
  return current !== null && current.getTime() <= reported.getTime() ? current : reported;
}

/** The earliest failure report gives the reason (ties broken by reason and code), whatever order they arrive in. */
function isFirstFailure(state: DeliveryState, report: StatusReport): boolean {
  if (state.failedAt === null) return true;
  const difference = report.at.getTime() - state.failedAt.getTime();
  if (difference !== 0) return difference < 0;
  const key = (reason: string | null | undefined, code: number | null | undefined) => `${reason ?? ""}\u0000${code ?? ""}`;
  return key(report.failureReason, report.failureCode) < key(state.failureReason, state.failureCode);
}

export function applyStatusReport(state: DeliveryState, report: StatusReport): DeliveryState {
  const next = { ...state };
  switch (report.status) {
    case "sent":
      next.sentAt = earliest(state.sentAt, report.at);
      break;
    case "delivered":
      next.deliveredAt = earliest(state.deliveredAt, report.at);
      break;
    case "read":
      next.readAt = earliest(state.readAt, report.at);
      // Read implies delivered: the provider skips `delivered` when both happen at once.
      next.deliveredAt = earliest(state.deliveredAt, report.at);
      break;
    case "failed":
      next.failedAt = earliest(state.failedAt, report.at);
      if (isFirstFailure(state, report)) {
        next.failureCode = report.failureCode ?? null;
        next.failureReason = report.failureReason ?? null;
      }
      break;
  }
  if (RANK[report.status] > RANK[state.status]) next.status = report.status;
  return next;
}

export function sameState(a: DeliveryState, b: DeliveryState): boolean {
  const time = (d: Date | null) => d?.getTime() ?? null;
  return (
    a.status === b.status &&
    time(a.sentAt) === time(b.sentAt) &&
    time(a.deliveredAt) === time(b.deliveredAt) &&
    time(a.readAt) === time(b.readAt) &&
    time(a.failedAt) === time(b.failedAt) &&
    a.failureCode === b.failureCode &&
    a.failureReason === b.failureReason
  );
}
