import { refuseInSandbox } from "../../organizations/sandbox-guard";
import { encryptSecret } from "../../crypto/secret-box";
import type { DomainContext } from "../../domain-context";
import { ApiError } from "../../errors/api-error";
import { explainDatabaseError } from "../../errors/database-error";
import { connectFailure } from "../provider-failure";
import { MessagingProviderError } from "../providers/messaging-provider";
import { messagingProvider } from "../providers/provider";
import { requireWhatsAppSettings } from "../whatsapp-settings";
import { toSenderDetail, type SenderDetail } from "./sender-representation";

export interface ConnectSenderRequest {
  label: string;
  phoneNumberId: string;
  businessAccountId: string;
  accessToken: string;
}

/**
 * Connects a WhatsApp Business number (owners and admins): the details are
 * checked against the provider first (the number exists, belongs to the
 * account, and our app is subscribed to the account's webhooks), so a sender
 * is only stored once it works. Connecting a number the organization already
 * has replaces its label and token and clears "needs reconnecting": that is
 * how a sender is reconnected. A number connected to another organization is
 * refused (409): its callbacks can only belong to one.
 */
export async function connectWhatsAppSender(ctx: DomainContext, request: ConnectSenderRequest): Promise<SenderDetail> {
  refuseInSandbox(ctx.principal.organization, "WhatsApp");
  const settings = requireWhatsAppSettings();
  const organizationId = ctx.principal.organizationId;
  let profile;
  try {
    profile = await messagingProvider(settings).verifySender(request);
  } catch (error) {
    if (error instanceof MessagingProviderError) throw connectFailure(error);
    throw error;
  }
  const values = {
    label: request.label,
    businessAccountId: request.businessAccountId,
    displayPhoneNumber: profile.displayPhoneNumber,
    verifiedName: profile.verifiedName,
    accessTokenCiphertext: encryptSecret(request.accessToken),
    status: "connected" as const,
    statusReason: null,
    statusChangedAt: new Date(),
    connectedById: ctx.principal.userId,
  };
  try {
    const existing = await ctx.db.whatsAppSender.findUnique({ where: { phoneNumberId: request.phoneNumberId }, select: { organizationId: true } });
    if (existing && existing.organizationId !== organizationId) throw new ApiError("CONFLICT", "messaging.senderInUse");
    const row = existing
      ? await ctx.db.whatsAppSender.update({ where: { phoneNumberId: request.phoneNumberId }, data: values })
      : await ctx.db.whatsAppSender.create({ data: { ...values, organizationId, phoneNumberId: request.phoneNumberId } });
    return toSenderDetail(row);
  } catch (error) {
    // Two admins connecting the same number at once: one wins, the other hears it is taken.
    throw explainDatabaseError(error, { uniqueViolation: () => new ApiError("CONFLICT", "messaging.senderInUse") });
  }
}
