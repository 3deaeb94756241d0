-- DropIndex
DROP INDEX "Lead_organizationId_createdAt_id_idx";

-- DropIndex
DROP INDEX "LeadActivity_organizationId_type_createdAt_idx";

-- CreateIndex
CREATE INDEX "Lead_organizationId_createdAt_id_assignedToId_roundRobinId__idx" ON "Lead"("organizationId", "createdAt" DESC, "id" DESC, "assignedToId", "roundRobinId", "source");

-- CreateIndex
CREATE INDEX "Lead_organizationId_assignedToId_status_createdAt_id_idx" ON "Lead"("organizationId", "assignedToId", "status", "createdAt", "id");

-- CreateIndex
CREATE INDEX "LeadActivity_organizationId_type_createdAt_communicationTyp_idx" ON "LeadActivity"("organizationId", "type", "createdAt", "communicationType", "leadId");
