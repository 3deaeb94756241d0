-- AlterTable
ALTER TABLE "Unit" ADD COLUMN     "leadId" TEXT;

-- CreateIndex
CREATE INDEX "Unit_leadId_idx" ON "Unit"("leadId");

-- AddForeignKey
ALTER TABLE "Unit" ADD CONSTRAINT "Unit_leadId_fkey" FOREIGN KEY ("leadId") REFERENCES "Lead"("id") ON DELETE SET NULL ON UPDATE CASCADE;
