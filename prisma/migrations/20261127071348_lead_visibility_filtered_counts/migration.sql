-- DropIndex
DROP INDEX "Lead_organizationId_assignedToId_roundRobinId_idx";

-- CreateIndex
CREATE INDEX "Lead_organizationId_assignedToId_roundRobinId_status_source_idx" ON "Lead"("organizationId", "assignedToId", "roundRobinId", "status", "source", "stageId");
