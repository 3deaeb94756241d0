-- DropIndex
DROP INDEX "RoundRobinAssignment_organizationId_createdAt_idx";

-- CreateIndex
CREATE INDEX "RoundRobinAssignment_organizationId_createdAt_roundRobinId__idx" ON "RoundRobinAssignment"("organizationId", "createdAt", "roundRobinId", "assignedUserId", "leadId");
