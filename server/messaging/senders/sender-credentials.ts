import { decryptSecret, SecretKeyMismatchError } from "../../crypto/secret-box";
import type { Db, DbTx } from "../../db/client";
import { ApiError } from "../../errors/api-error";
import { logger } from "../../system/logger";
import type { MessagingProviderError, SenderCredentials } from "../providers/messaging-provider";
import type { SenderRow } from "./sender-representation";

/**
 * The sender's credentials with its token decrypted. A token sealed with a
 * key this server no longer has (WEBHOOK_SECRET_KEY changed without
 * WEBHOOK_SECRET_KEY_PREVIOUS) cannot be used until the key is restored or
 * the sender reconnected; the caller hears so instead of a 500.
 */
export function openSenderCredentials(row: SenderRow): SenderCredentials {
  try {
    return { phoneNumberId: row.phoneNumberId, businessAccountId: row.businessAccountId, accessToken: decryptSecret(row.accessTokenCiphertext) };
  } catch (error) {
    if (!(error instanceof SecretKeyMismatchError)) throw error;
    logger.error("messaging.token_undecryptable", { senderId: row.id, error: error.message });
    throw new ApiError("FORBIDDEN", "messaging.senderNeedsReconnect", {
      number: row.displayPhoneNumber,
      reason: "the stored token cannot be decrypted with this server's key",
    });
  }
}

/**
 * The provider refused the sender's token (expired, revoked, password
 * changed): every later call would fail the same way, so the sender is marked
 * as needing reconnection, which Settings shows with the provider's reason,
 * until an admin enters a new token.
 */
export async function markSenderNeedsReconnect(db: Db | DbTx, row: SenderRow, failure: MessagingProviderError): Promise<void> {
  await db.whatsAppSender.updateMany({
    where: { id: row.id, organizationId: row.organizationId },
    data: { status: "reconnect_required", statusReason: failure.reason, statusChangedAt: new Date() },
  });
  logger.warn("messaging.sender_needs_reconnect", { senderId: row.id, organizationId: row.organizationId, code: failure.code });
}
