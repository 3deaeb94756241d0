"use client";

import { WhatsAppLeadCard } from "../messaging/whatsapp-lead-card";
import type { Lead } from "./lead-presentation";
import { LeadRoutingCard } from "../round-robin/lead-routing-card";
import { LeadMeetingsCard } from "../calendar/lead-meetings-card";
import { leadName } from "./lead-presentation";
import { LeadCallingCard } from "../sequences/lead-calling-card";
import { LeadInterestCard } from "./lead-interest-card";
import { LeadMatchesCard } from "./lead-matches-card";

/**
 * The cards under the lead's details in the side column, one per area that
 * has something to show or do on a lead (how it was routed, meetings,
 * messages, sequences). Each area adds its card here in one line, so the
 * lead page's layout and the areas' panels change apart.
 */
export function LeadPanels({ lead }: { lead: Lead }) {
  return (
    <>
      <LeadInterestCard lead={lead} />
      <LeadMatchesCard lead={lead} />
      <WhatsAppLeadCard lead={lead} />
      <LeadRoutingCard leadId={lead.id} />
      <LeadMeetingsCard lead={{ id: lead.id, name: leadName(lead, "") }} />
      <LeadCallingCard leadId={lead.id} />
    </>
  );
}
