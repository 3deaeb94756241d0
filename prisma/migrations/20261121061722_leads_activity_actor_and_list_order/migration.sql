-- DropIndex
DROP INDEX "Lead_organizationId_createdAt_id_idx";

-- AlterTable
ALTER TABLE "LeadActivity" ADD COLUMN     "actorName" TEXT,
ADD COLUMN     "apiKeyId" UUID;

-- CreateIndex
CREATE INDEX "Lead_organizationId_createdAt_id_idx" ON "Lead"("organizationId", "createdAt" DESC, "id" DESC);
