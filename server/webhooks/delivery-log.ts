import type { DeliveryStatus } from "../db/generated/client";
import { ApiError } from "../errors/api-error";
import type { DomainContext } from "../domain-context";
import { isUuid } from "../ids";
import { nudgeJobs } from "../jobs/nudge";
import type { ListResult } from "../list-result";
import { DELIVER_WEBHOOK_JOB_ID } from "./deliver-webhook-job";

/** The delivery log of the dashboard: deliveries newest first, each with every attempt. */

export interface DeliveryAttemptView {
  number: number;
  startedAt: Date;
  durationMs: number;
  statusCode: number | null;
  error: string | null;
}

export interface DeliveryView {
  id: string;
  subscriptionId: string;
  eventId: string;
  eventType: string;
  origin: string;
  status: DeliveryStatus;
  attemptCount: number;
  nextAttemptAt: Date | null;
  completedAt: Date | null;
  createdAt: Date;
  attempts: DeliveryAttemptView[];
}

export interface ListDeliveriesInput {
  subscriptionId?: string;
  status?: DeliveryStatus;
  limit: number;
  offset: number;
}

export async function listDeliveries(
  { db, principal }: DomainContext,
  input: ListDeliveriesInput,
): Promise<ListResult<DeliveryView>> {
  const where = {
    organizationId: principal.organizationId,
    ...(input.subscriptionId ? { subscriptionId: input.subscriptionId } : {}),
    ...(input.status ? { status: input.status } : {}),
  };
  const [rows, total] = await Promise.all([
    db.webhookDelivery.findMany({
      where,
      orderBy: [{ createdAt: "desc" }, { id: "asc" }],
      take: input.limit,
      skip: input.offset,
      include: {
        event: { select: { type: true, origin: true } },
        attempts: { orderBy: { number: "asc" }, select: { number: true, startedAt: true, durationMs: true, statusCode: true, error: true } },
      },
    }),
    db.webhookDelivery.count({ where }),
  ]);
  const views = rows.map((row) => ({
    id: row.id,
    subscriptionId: row.subscriptionId,
    eventId: row.eventId,
    eventType: row.event.type,
    origin: row.event.origin,
    status: row.status,
    attemptCount: row.attemptCount,
    nextAttemptAt: row.nextAttemptAt,
    completedAt: row.completedAt,
    createdAt: row.createdAt,
    attempts: row.attempts,
  }));
  return { rows: views, total };
}

/**
 * Sends a failed delivery again, under the same delivery id (receivers dedupe
 * on it), as soon as a worker picks it up. After an exhausted schedule a
 * resend grants one attempt; a delivery that ended early (its subscription
 * was paused) resumes its schedule.
 */
export async function resendDelivery({ db, principal }: DomainContext, id: string): Promise<{ id: string; status: "pending" }> {
  if (!isUuid(id)) throw new ApiError("NOT_FOUND", "webhooks.deliveryNotFound");
  // Due now on the database clock, like every due time the drivers compare.
  const count = await db.$executeRaw`
    UPDATE "WebhookDelivery"
    SET status = 'pending', "nextAttemptAt" = now(), "lockedUntil" = NULL, "completedAt" = NULL, "updatedAt" = now()
    WHERE id = ${id}::uuid AND "organizationId" = ${principal.organizationId}::uuid AND status = 'failed'`;
  if (count === 0) {
    const existing = await db.webhookDelivery.findFirst({ where: { id, organizationId: principal.organizationId }, select: { status: true } });
    if (!existing) throw new ApiError("NOT_FOUND", "webhooks.deliveryNotFound");
    throw new ApiError("BAD_REQUEST", "webhooks.resendNotFailed", { status: existing.status });
  }
  nudgeJobs([DELIVER_WEBHOOK_JOB_ID]);
  return { id, status: "pending" };
}
