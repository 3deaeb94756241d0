import type { DomainContext } from "../../domain-context";
import { ApiError } from "../../errors/api-error";
import { leadNotFound } from "../../leads/find-lead";
import { visibleLeadsWhere } from "../../leads/lead-visibility";
import { toE164 } from "../../phones/phone-number";

export type SendRecipient = { leadId: string } | { to: string };

export interface ResolvedRecipient {
  leadId: string | null;
  /** E.164. */
  phone: string;
}

/**
 * Who a message goes to: a lead the caller sees (at its phone, written
 * internationally, or nationally when the organization has a default
 * country), or a number given in E.164.
 */
export async function resolveRecipient(ctx: DomainContext, recipient: SendRecipient): Promise<ResolvedRecipient> {
  if ("to" in recipient) {
    const phone = toE164(recipient.to);
    if (!phone) throw ApiError.invalid([{ path: "to", reason: "validation.e164" }]);
    return { leadId: null, phone };
  }
  const lead = await ctx.db.lead.findFirst({
    where: { id: recipient.leadId, ...visibleLeadsWhere(ctx.principal) },
    select: { id: true, phone: true, organization: { select: { defaultCountry: true } } },
  });
  if (!lead) throw leadNotFound();
  if (!lead.phone) throw ApiError.invalid([{ path: "leadId", reason: "validation.noPhone" }]);
  const phone = toE164(lead.phone, lead.organization.defaultCountry);
  if (!phone) {
    const country = lead.organization.defaultCountry;
    throw ApiError.invalid([
      country
        ? { path: "leadId", reason: "validation.leadPhoneNotOfCountry", params: { phone: lead.phone, country } }
        : { path: "leadId", reason: "validation.leadPhoneNotInternational", params: { phone: lead.phone } },
    ]);
  }
  return { leadId: lead.id, phone };
}
