import type { DomainContext } from "../../domain-context";
import { ApiError } from "../../errors/api-error";

/**
 * Disconnects a sender: its row and encrypted token are deleted; the
 * conversations stay (their messages lose the sender link, not their text).
 * Callbacks for the number are ignored from then on.
 */
export async function disconnectWhatsAppSender(ctx: DomainContext, senderId: string): Promise<{ id: string }> {
  const { count } = await ctx.db.whatsAppSender.deleteMany({ where: { id: senderId, organizationId: ctx.principal.organizationId } });
  if (count === 0) throw new ApiError("NOT_FOUND", "messaging.senderNotFound");
  return { id: senderId };
}
