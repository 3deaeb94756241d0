-- CreateEnum
CREATE TYPE "DuplicatePolicy" AS ENUM ('off', 'suggest', 'auto_merge');

-- AlterTable
ALTER TABLE "Lead" ADD COLUMN     "externalId" TEXT;

-- AlterTable
ALTER TABLE "Organization" ADD COLUMN     "duplicatePolicy" "DuplicatePolicy" NOT NULL DEFAULT 'suggest';

-- CreateIndex
CREATE UNIQUE INDEX "Lead_organizationId_source_externalId_key" ON "Lead"("organizationId", "source", "externalId");
