-- AlterEnum
ALTER TYPE "LeadActivityType" ADD VALUE 'first_touch_breached';

-- DropIndex
DROP INDEX "Lead_firstTouchDueAt_idx";

-- AlterTable
ALTER TABLE "Lead" ADD COLUMN     "firstTouchBreaches" INTEGER NOT NULL DEFAULT 0,
ADD COLUMN     "firstTouchMissedBy" UUID[] DEFAULT ARRAY[]::UUID[];

-- AlterTable
ALTER TABLE "RoundRobinPool" ADD COLUMN     "firstTouchEscalation" TEXT[] DEFAULT ARRAY[]::TEXT[];

-- CreateIndex
CREATE INDEX "Lead_firstTouchAt_firstTouchDueAt_idx" ON "Lead"("firstTouchAt", "firstTouchDueAt");
