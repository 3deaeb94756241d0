import type { DbTx } from "../db/client";
import { Prisma } from "../db/generated/client";
import { preparedStatement } from "../db/prepared-statements";
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
  const prepared = prepareEvents(source, events);
  if (prepared === null) return [];
  // One statement: the events in the order given, then a pending delivery per active subscription to each event's type.
  // Prepared (server/db/prepared-statements.ts): a create runs it every time, with fixed text and a plan that does not depend on the values.
  const [queued] = await tx.$queryRaw<{ deliveries: number }[]>(
    preparedStatement(Prisma.sql`WITH ${prepared.writes} SELECT ${prepared.deliveries} AS "deliveries"`),
  );
  eventsRecorded(queued?.deliveries ?? 0);
  return prepared.envelopes;
}

/** Events ready to write: their envelopes (checked), the CTEs that write them and their deliveries, and the count of deliveries those queued. */
export interface PreparedEvents {
  envelopes: EventEnvelope[];
  /** Two data-modifying CTEs, `e` (the events) and `d` (their deliveries), for a `WITH` list. */
  writes: Prisma.Sql;
  /** An expression for the statement's select list: how many deliveries `d` queued. */
  deliveries: Prisma.Sql;
}

/**
 * The events as the CTEs that write them, for `recordEvents` and for a writer
 * that sends them in one statement with its other writes (a lead's create,
 * server/leads/lead-story.ts); that writer calls `eventsRecorded` with the
 * count. Null when there are no events.
 */
export function prepareEvents(source: EventSource, events: DomainEvent[]): PreparedEvents | null {
  if (events.length === 0) return null;
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

  const writes = Prisma.sql`
    e AS (
      INSERT INTO "WebhookEvent" ("id", "organizationId", "type", "origin", "body", "createdAt")
      SELECT e."id", ${source.organization.id}::uuid, e."type", ${source.origin}::"EventOrigin", e."body", ${createdAt}
      FROM unnest(${envelopes.map((envelope) => envelope.id)}::text[], ${envelopes.map((envelope) => envelope.type)}::text[],
                  ${envelopes.map((envelope) => JSON.stringify(envelope))}::text[]) WITH ORDINALITY AS e("id", "type", "body", "ord")
      ORDER BY e."ord"
      RETURNING "id", "type"
    ), d AS (
      -- nextAttemptAt keeps its default, the database's now(): due times follow the database clock.
      INSERT INTO "WebhookDelivery" ("id", "organizationId", "eventId", "subscriptionId", "traceparent", "updatedAt")
      SELECT gen_random_uuid(), s."organizationId", e."id", s."id", ${currentTraceparent() ?? null}, now()
      FROM e JOIN "WebhookSubscription" s ON s."organizationId" = ${source.organization.id}::uuid AND s."isActive" AND s."event" = e."type"
      RETURNING 1
    )`;
  return { envelopes, writes, deliveries: Prisma.sql`(SELECT count(*)::int FROM d)` };
}

/** After the statement that wrote prepared events: the delivery worker is nudged when it queued any. */
export function eventsRecorded(deliveries: number): void {
  if (deliveries > 0) markWorkQueued(DELIVER_WEBHOOK_JOB_ID);
}

/** The event source for a request's principal. */
export function eventSourceOf(principal: {
  organization: { id: string; name: string; slug: string | null };
  source: EventOrigin;
}): EventSource {
  const { id, name, slug } = principal.organization;
  return { organization: { id, name, slug }, origin: principal.source };
}
