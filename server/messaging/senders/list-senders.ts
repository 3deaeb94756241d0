import type { DomainContext } from "../../domain-context";
import type { SenderRow } from "./sender-representation";

/** The organization's senders, oldest first (the order they were connected). */
export function listSenderRows(ctx: DomainContext): Promise<SenderRow[]> {
  return ctx.db.whatsAppSender.findMany({
    where: { organizationId: ctx.principal.organizationId },
    orderBy: [{ createdAt: "asc" }, { id: "asc" }],
  });
}
