import type { Db } from "../../server/db/client";
import { EVENT_TYPES } from "../../server/events/event-types";
import { encryptSecret } from "../../server/crypto/secret-box";
import { generateSigningSecret } from "../../server/webhooks/signing-secret";

/**
 * Events are recorded only when an active subscription wants them. Tests that
 * read the outbox to see what a write emitted subscribe the organization to
 * every event type first, with a target that is never called (no driver runs
 * in those tests), so each write leaves its events in the outbox.
 */
export async function observeEvents(db: Db, organizationId: string): Promise<void> {
  const secretCiphertext = encryptSecret(generateSigningSecret());
  await db.webhookSubscription.createMany({
    data: EVENT_TYPES.map((event) => ({
      organizationId,
      event,
      targetUrl: "https://observer.invalid/events",
      secretCiphertext,
      managedBy: "dashboard" as const,
    })),
  });
}
