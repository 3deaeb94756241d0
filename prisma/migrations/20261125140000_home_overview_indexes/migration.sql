-- Home page aggregates (docs/decisions.md, "Home overview").
-- Pipeline funnel: counts and value sums per stage, read from the index alone.
CREATE INDEX "Lead_organizationId_stageId_estimatedValue_idx" ON "Lead"("organizationId", "stageId", "estimatedValue");

-- Won/lost (status changes) and response time (first communications) in the period, by type and time.
CREATE INDEX "LeadActivity_organizationId_type_createdAt_idx" ON "LeadActivity"("organizationId", "type", "createdAt");

-- Assignments by pool in the period.
CREATE INDEX "RoundRobinAssignment_organizationId_createdAt_idx" ON "RoundRobinAssignment"("organizationId", "createdAt");
