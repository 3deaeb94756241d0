-- Home, "my leads needing attention": which of an organization's leads have a logged communication, read
-- from this index alone (a few entries per lead, not the whole timeline); not expressible in the schema.
CREATE INDEX "LeadActivity_organizationId_leadId_communications_idx" ON "LeadActivity"("organizationId", "leadId")
  WHERE "activityScope" = 'lead_event' AND "communicationType" IS NOT NULL;
