-- AlterTable
ALTER TABLE "Lead" ADD COLUMN     "firstTouchAt" TIMESTAMPTZ(3),
ADD COLUMN     "firstTouchBreachedAt" TIMESTAMPTZ(3),
ADD COLUMN     "firstTouchDueAt" TIMESTAMPTZ(3);

-- AlterTable
ALTER TABLE "Membership" ADD COLUMN     "workingHours" JSONB;

-- AlterTable
ALTER TABLE "Organization" ADD COLUMN     "businessHours" JSONB,
ADD COLUMN     "firstTouchMinutes" INTEGER NOT NULL DEFAULT 5;

-- AlterTable
ALTER TABLE "RoundRobinPool" ADD COLUMN     "firstTouchMinutes" INTEGER;

-- CreateIndex
CREATE INDEX "Lead_firstTouchDueAt_idx" ON "Lead"("firstTouchDueAt");
