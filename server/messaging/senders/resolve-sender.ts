import type { DomainContext } from "../../domain-context";
import { ApiError } from "../../errors/api-error";
import type { SenderRow } from "./sender-representation";

/**
 * The sender a send (or a template lookup) uses: the one named, or the
 * organization's only sender when none is named. A sender whose token the
 * provider refused is not tried again until an admin reconnects it.
 */
export async function resolveSender(ctx: DomainContext, senderId: string | undefined): Promise<SenderRow> {
  const organizationId = ctx.principal.organizationId;
  let row: SenderRow;
  if (senderId !== undefined) {
    const found = await ctx.db.whatsAppSender.findFirst({ where: { id: senderId, organizationId } });
    if (!found) throw new ApiError("NOT_FOUND", "messaging.senderNotFound");
    row = found;
  } else {
    const rows = await ctx.db.whatsAppSender.findMany({ where: { organizationId }, orderBy: { createdAt: "asc" } });
    if (rows.length === 0) throw new ApiError("BAD_REQUEST", "messaging.noSender");
    if (rows.length > 1) throw new ApiError("BAD_REQUEST", "messaging.senderRequired", { count: rows.length });
    row = rows[0]!;
  }
  assertSenderUsable(row);
  return row;
}

export function assertSenderUsable(row: SenderRow): void {
  if (row.status === "reconnect_required") {
    throw new ApiError("FORBIDDEN", "messaging.senderNeedsReconnect", { number: row.displayPhoneNumber, reason: row.statusReason ?? "" });
  }
}
