import type { DbTx } from "../db/client";
import { newEventId } from "../ids";
import { markWorkQueued } from "../jobs/queued-work";
import { DELIVER_WEBHOOK_JOB_ID } from "../webhooks/deliver-webhook-job";
import { checkEventPayload, payloadCheckMode } from "./check-event-payload";
import type { DomainEvent, EventEnvelope } from "./event-envelope";
import { currentTraceparent } from "../observability/spans";

export type { DomainEvent, EventEnvelope } from "./event-envelope";

export type EventOrigin = "ui" | "api" | "system";

/** Who caused the events: the organization they belong to and the door the change came through. */
export interface EventSource {
  organization: { id: string; name: string; slug: string | null };
  origin: EventOrigin;
}

/**
 * The transactional outbox and the event journal. Call it with the writer's
 * transaction: every event becomes a WebhookEvent row holding the exact JSON
 * body that is signed and sent (the journal, `GET /events`, lists them
 * whether or not anyone subscribed), with one pending WebhookDelivery per
 * active subscription that wants it. If the write rolls back, so do its
 * events; nothing is sent from inside a request. Every envelope is first
 * checked against its type's schema (check-event-payload.ts). Rows are
 * inserted in the order given, so the journal keeps the writer's order
 * within a transaction. Returns the envelopes.
 */
export async function recordEvents(tx: DbTx, source: EventSource, events: DomainEvent[]): Promise<EventEnvelope[]> {
  if (events.length === 0) return [];
  const createdAt = new Date();
  const envelopes = events.map(
    (event) =>
      ({
        id: newEventId(),
        type: event.type,
        createdAt: createdAt.toISOString(),
        organization: source.organization,
        data: event.data,
      }) as EventEnvelope,
  );
  const mode = payloadCheckMode();
  for (const envelope of envelopes) checkEventPayload(envelope, mode);

  await tx.webhookEvent.createMany({
    data: envelopes.map((envelope) => ({
      id: envelope.id,
      organizationId: source.organization.id,
      type: envelope.type,
      origin: source.origin,
      body: JSON.stringify(envelope),
      createdAt,
    })),
  });

  const subscriptions = await tx.webhookSubscription.findMany({
    where: { organizationId: source.organization.id, isActive: true, event: { in: [...new Set(events.map((e) => e.type))] } },
    select: { id: true, event: true },
  });
  const traceparent = currentTraceparent();
  const deliveries = envelopes.flatMap((envelope) =>
    subscriptions
      .filter((subscription) => subscription.event === envelope.type)
      .map((subscription) => ({
        organizationId: source.organization.id,
        eventId: envelope.id,
        subscriptionId: subscription.id,
        traceparent,
        // nextAttemptAt defaults to the database's now(): due times follow the database clock.
      })),
  );
  if (deliveries.length === 0) return envelopes;
  await tx.webhookDelivery.createMany({ data: deliveries });
  markWorkQueued(DELIVER_WEBHOOK_JOB_ID);
  return envelopes;
}

/** The event source for a request's principal. */
export function eventSourceOf(principal: {
  organization: { id: string; name: string; slug: string | null };
  source: EventOrigin;
}): EventSource {
  const { id, name, slug } = principal.organization;
  return { organization: { id, name, slug }, origin: principal.source };
}
