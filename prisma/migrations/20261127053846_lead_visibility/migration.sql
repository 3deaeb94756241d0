-- CreateEnum
CREATE TYPE "LeadVisibility" AS ENUM ('all', 'own');

-- DropIndex
DROP INDEX "Lead_organizationId_assignedToId_idx";

-- AlterTable
ALTER TABLE "Organization" ADD COLUMN     "leadVisibility" "LeadVisibility" NOT NULL DEFAULT 'all';

-- CreateIndex
CREATE INDEX "Lead_organizationId_assignedToId_roundRobinId_idx" ON "Lead"("organizationId", "assignedToId", "roundRobinId");
