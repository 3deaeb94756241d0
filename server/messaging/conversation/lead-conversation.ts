import type { DomainContext } from "../../domain-context";
import { leadNotFound } from "../../leads/find-lead";
import { visibleLeadsWhere } from "../../leads/lead-visibility";
import { toMessageRepresentation, type MessageRepresentation } from "../messages/message-representation";
import { toE164 } from "../../phones/phone-number";
import { whatsAppSettings } from "../whatsapp-settings";
import { SERVICE_WINDOW_MS } from "./service-window";


export interface LeadConversation {
  /** Whether this server can send and receive WhatsApp messages at all. */
  configured: boolean;
  /** The lead's phone in E.164, or null with the reason in `phoneProblem`. */
  phone: string | null;
  phoneProblem: "missing" | "not_international" | null;
  /** Oldest first: the latest `limit` messages. */
  messages: MessageRepresentation[];
  hasEarlier: boolean;
  /** Until when free text reaches the contact (24 h after their last message); null when only a template does. */
  windowOpenUntil: string | null;
}

/** The WhatsApp conversation on a lead's page, both ways, with each message's delivery state; 404 for a lead the caller does not see. */
export async function leadConversation(ctx: DomainContext, leadId: string, limit: number, now = new Date()): Promise<LeadConversation> {
  const organizationId = ctx.principal.organizationId;
  const lead = await ctx.db.lead.findFirst({
    where: { id: leadId, ...visibleLeadsWhere(ctx.principal) },
    select: { phone: true, organization: { select: { defaultCountry: true } } },
  });
  if (!lead) throw leadNotFound();
  const rows = await ctx.db.whatsAppMessage.findMany({
    where: { organizationId, leadId },
    orderBy: [{ createdAt: "desc" }, { id: "desc" }],
    take: limit + 1,
  });
  const lastInbound = await ctx.db.whatsAppMessage.findFirst({
    where: { organizationId, leadId, direction: "inbound" },
    orderBy: { createdAt: "desc" },
    select: { createdAt: true },
  });
  const openUntil = lastInbound ? new Date(lastInbound.createdAt.getTime() + SERVICE_WINDOW_MS) : null;
  const phone = lead.phone ? toE164(lead.phone, lead.organization.defaultCountry) : null;
  return {
    configured: whatsAppSettings() !== null,
    phone,
    phoneProblem: lead.phone ? (phone ? null : "not_international") : "missing",
    messages: rows.slice(0, limit).reverse().map(toMessageRepresentation),
    hasEarlier: rows.length > limit,
    windowOpenUntil: openUntil && openUntil > now ? openUntil.toISOString() : null,
  };
}
