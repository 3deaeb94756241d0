-- DropIndex
DROP INDEX "Lead_organizationId_nameKey_idx";

-- CreateIndex
CREATE INDEX "Lead_organizationId_nameKey_createdAt_id_idx" ON "Lead"("organizationId", "nameKey", "createdAt", "id");
