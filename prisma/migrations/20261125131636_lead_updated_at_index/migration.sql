-- CreateIndex
CREATE INDEX "Lead_organizationId_updatedAt_id_idx" ON "Lead"("organizationId", "updatedAt" DESC, "id" DESC);
