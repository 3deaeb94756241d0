import type { DomainContext } from "../../domain-context";
import { ApiError } from "../../errors/api-error";
import { seesEveryLead, visibleLeadsWhere } from "../../leads/lead-visibility";
import { toMessageRepresentation, type MessageRepresentation } from "./message-representation";

/**
 * One message of the organization, with its delivery state; another
 * organization's is not found, and so is one about a lead the caller does not
 * see (a message sent to a bare number names no lead and stays visible).
 */
export async function getWhatsAppMessage(ctx: DomainContext, messageId: string): Promise<MessageRepresentation> {
  const { principal } = ctx;
  const row = await ctx.db.whatsAppMessage.findFirst({
    where: {
      id: messageId,
      organizationId: principal.organizationId,
      ...(seesEveryLead(principal) ? {} : { OR: [{ leadId: null }, { lead: { is: visibleLeadsWhere(principal) } }] }),
    },
  });
  if (!row) throw new ApiError("NOT_FOUND", "messaging.messageNotFound");
  return toMessageRepresentation(row);
}
