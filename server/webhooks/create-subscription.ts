import type { Db, DbTx } from "../db/client";
import { ApiError } from "../errors/api-error";
import type { EventType } from "../events/event-types";
import { encryptSecret } from "../crypto/secret-box";
import { generateSigningSecret } from "./signing-secret";
import { deliverySettings } from "./settings";
import { managerWhere, type SubscriptionManager } from "./subscription-manager";
import { subscriptionSelect, type SubscriptionRow } from "./subscription-view";
import { checkTargetUrl, TargetRefusedError } from "./target-url";
import { runInTransaction } from "../db/run-in-transaction";

export interface CreateSubscriptionInput {
  targetUrl: string;
  event: EventType;
  externalId?: string | null;
  name?: string | null;
}

/** What each door calls the target field in its input: the public API `target_url`, the dashboard's form `targetUrl`. */
export type TargetUrlField = "target_url" | "targetUrl";

export type CreateSubscriptionResult =
  | { created: true; subscription: SubscriptionRow; secret: string }
  | { created: false; subscription: SubscriptionRow };

function findReplay(db: Db | DbTx, organizationId: string, manager: SubscriptionManager, externalId: string) {
  return db.webhookSubscription.findFirst({
    where: { organizationId, ...managerWhere(manager), externalId },
    select: subscriptionSelect,
    orderBy: { createdAt: "asc" },
  });
}

/**
 * Creates a subscription, or returns the one this manager already created
 * with the same `externalId` (an idempotent replay: no new secret, nothing
 * changed). Replays and the plan limit are decided under a lock on the
 * organization's row, so two concurrent creates with one `externalId` yield
 * one subscription, and concurrent creates cannot overshoot the limit.
 */
export async function createSubscription(
  db: Db,
  organizationId: string,
  manager: SubscriptionManager,
  input: CreateSubscriptionInput,
  targetUrlField: TargetUrlField = "target_url",
): Promise<CreateSubscriptionResult> {
  const externalId = input.externalId ?? null;
  if (externalId !== null) {
    const existing = await findReplay(db, organizationId, manager, externalId);
    if (existing) return { created: false, subscription: existing };
  }

  // Resolving the host may take a moment: do it before taking the lock.
  let targetUrl: string;
  try {
    targetUrl = (await checkTargetUrl(input.targetUrl, deliverySettings())).href;
  } catch (error) {
    // Named as the caller's input names it, so the dashboard shows the reason next to its field.
    if (error instanceof TargetRefusedError) throw ApiError.invalid([{ path: targetUrlField, reason: "validation.publicHttpsUrl" }]);
    throw error;
  }

  const secret = generateSigningSecret();
  return runInTransaction(db, async (tx) => {
    // NO KEY UPDATE serialises creators without blocking other writes that merely reference the organization.
    const [organization] = await tx.$queryRaw<{ maxWebhookEndpoints: number | null }[]>`
      SELECT "maxWebhookEndpoints" FROM "Organization" WHERE id = ${organizationId}::uuid FOR NO KEY UPDATE`;
    if (!organization) throw new ApiError("NOT_FOUND", "resource.notFound", { resource: "Organization" });

    if (externalId !== null) {
      const existing = await findReplay(tx, organizationId, manager, externalId);
      if (existing) return { created: false as const, subscription: existing };
    }

    const max = organization.maxWebhookEndpoints;
    if (max !== null && (await tx.webhookSubscription.count({ where: { organizationId } })) >= max) {
      throw new ApiError("FORBIDDEN", "planLimit.reached", { limit: "maxWebhookEndpoints", max });
    }

    const subscription = await tx.webhookSubscription.create({
      data: {
        organizationId,
        targetUrl,
        event: input.event,
        externalId,
        name: input.name ?? null,
        secretCiphertext: encryptSecret(secret),
        managedBy: manager.managedBy,
        managedByApiKeyId: manager.apiKeyId,
        managedByClientId: manager.oauthClientDbId,
      },
      select: subscriptionSelect,
    });
    return { created: true as const, subscription, secret };
  });
}
