-- AlterTable
ALTER TABLE "Organization" ADD COLUMN     "sandboxOfId" UUID;

-- CreateIndex
CREATE UNIQUE INDEX "Organization_sandboxOfId_key" ON "Organization"("sandboxOfId");

-- AddForeignKey
ALTER TABLE "Organization" ADD CONSTRAINT "Organization_sandboxOfId_fkey" FOREIGN KEY ("sandboxOfId") REFERENCES "Organization"("id") ON DELETE CASCADE ON UPDATE CASCADE;
