import type { Db } from "../../../server/db/client";
import { recordEvents, type DomainEvent, type EventOrigin } from "../../../server/events/record-events";
import { DASHBOARD_MANAGER, type SubscriptionManager } from "../../../server/webhooks/subscription-manager";
import { createSubscription } from "../../../server/webhooks/create-subscription";
import type { EventType } from "../../../server/events/event-types";
import type { SeededOrganization } from "../../support/factories";

/** A subscription created through the domain (as the dashboard would), returning its secret. */
export async function seedSubscription(
  db: Db,
  org: SeededOrganization,
  options: { targetUrl: string; event: EventType; manager?: SubscriptionManager; name?: string },
) {
  const result = await createSubscription(db, org.id, options.manager ?? DASHBOARD_MANAGER, {
    targetUrl: options.targetUrl,
    event: options.event,
    name: options.name ?? null,
  });
  if (!result.created) throw new Error("expected a new subscription");
  return { id: result.subscription.id, secret: result.secret };
}

/** Records events the way a writer does: inside its transaction. */
export async function emit(db: Db, org: SeededOrganization, events: DomainEvent[], origin: EventOrigin = "api") {
  return db.$transaction((tx) =>
    recordEvents(tx, { organization: { id: org.id, name: org.name, slug: org.slug }, origin }, events),
  );
}
