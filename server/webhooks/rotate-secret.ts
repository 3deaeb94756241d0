import { encryptSecret } from "../crypto/secret-box";
import type { DomainContext } from "../domain-context";
import { ApiError } from "../errors/api-error";
import { isUuid } from "../ids";
import { generateSigningSecret } from "./signing-secret";

/**
 * Signing secrets that rotate without downtime. A rotation makes a new
 * secret current (`X-Service-Signature` is signed with it from the next
 * attempt on) and keeps the previous one for `SECRET_OVERLAP_HOURS`: until
 * then every delivery also carries the previous secret's signature in
 * `X-Service-Signatures`, so a receiver switches to the new secret at its
 * own pace. Rotating again during an overlap drops the oldest secret (only
 * two are ever valid). Ending the overlap early forgets the previous secret.
 * Through the API a dashboard-managed subscription cannot be rotated (its
 * secret belongs to the dashboard's user), as it cannot be deleted.
 */
export const SECRET_OVERLAP_HOURS = 24;

export interface RotatedSecret {
  id: string;
  /** The new secret, in this answer only. */
  secret: string;
  previousSecretExpiresAt: Date;
}

async function findForChange({ db, principal }: DomainContext, id: string) {
  if (!isUuid(id)) throw new ApiError("NOT_FOUND", "webhooks.notFound");
  const row = await db.webhookSubscription.findFirst({
    where: { id, organizationId: principal.organizationId },
    select: { id: true, managedBy: true },
  });
  if (!row) throw new ApiError("NOT_FOUND", "webhooks.notFound");
  if (row.managedBy === "dashboard" && principal.kind !== "session") throw new ApiError("FORBIDDEN", "webhooks.dashboardManagedChange");
  return row;
}

export async function rotateSubscriptionSecret(ctx: DomainContext, id: string): Promise<RotatedSecret> {
  await findForChange(ctx, id);
  const secret = generateSigningSecret();
  // One statement: the current secret becomes the previous one, read and written under the row's lock; the overlap ends on the database clock.
  const rows = await ctx.db.$queryRaw<{ id: string; previousSecretExpiresAt: Date }[]>`
    UPDATE "WebhookSubscription"
    SET "previousSecretCiphertext" = "secretCiphertext", "secretCiphertext" = ${encryptSecret(secret)},
        "previousSecretExpiresAt" = now() + ${SECRET_OVERLAP_HOURS}::int * interval '1 hour', "updatedAt" = now()
    WHERE id = ${id}::uuid AND "organizationId" = ${ctx.principal.organizationId}::uuid
    RETURNING id, "previousSecretExpiresAt"`;
  const row = rows[0];
  if (!row) throw new ApiError("NOT_FOUND", "webhooks.notFound");
  return { id: row.id, secret, previousSecretExpiresAt: row.previousSecretExpiresAt };
}

/** Ends the overlap now: deliveries are signed with the current secret only. Idempotent. */
export async function dropPreviousSecret(ctx: DomainContext, id: string): Promise<{ id: string }> {
  await findForChange(ctx, id);
  const { count } = await ctx.db.webhookSubscription.updateMany({
    where: { id, organizationId: ctx.principal.organizationId },
    data: { previousSecretCiphertext: null, previousSecretExpiresAt: null },
  });
  if (count === 0) throw new ApiError("NOT_FOUND", "webhooks.notFound");
  return { id };
}
