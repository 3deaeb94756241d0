import type { DomainContext } from "../../domain-context";
import { ApiError } from "../../errors/api-error";
import { toMessageRepresentation, type MessageRepresentation } from "./message-representation";

/** One message of the organization, with its delivery state; another organization's is not found. */
export async function getWhatsAppMessage(ctx: DomainContext, messageId: string): Promise<MessageRepresentation> {
  const row = await ctx.db.whatsAppMessage.findFirst({ where: { id: messageId, organizationId: ctx.principal.organizationId } });
  if (!row) throw new ApiError("NOT_FOUND", "messaging.messageNotFound");
  return toMessageRepresentation(row);
}
