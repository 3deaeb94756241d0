-- AlterTable
ALTER TABLE "Membership" ADD COLUMN     "outOfOfficeFrom" DATE,
ADD COLUMN     "outOfOfficeUntil" DATE;

-- AlterTable
ALTER TABLE "RoundRobinParticipant" ADD COLUMN     "currentWeight" INTEGER NOT NULL DEFAULT 0,
ADD COLUMN     "dailyCap" INTEGER,
ADD COLUMN     "weight" INTEGER NOT NULL DEFAULT 1;

-- AlterTable
ALTER TABLE "RoundRobinPool" ADD COLUMN     "claimWindowMinutes" INTEGER NOT NULL DEFAULT 5,
ADD COLUMN     "distribution" VARCHAR(20) NOT NULL DEFAULT 'rotation';

-- CreateTable
CREATE TABLE "LeadClaimOffer" (
    "id" UUID NOT NULL,
    "organizationId" UUID NOT NULL,
    "roundRobinId" UUID NOT NULL,
    "leadId" TEXT NOT NULL,
    "userId" UUID NOT NULL,
    "offeredAt" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "expiresAt" TIMESTAMPTZ(3) NOT NULL,
    "closedAt" TIMESTAMPTZ(3),
    "outcome" VARCHAR(20),

    CONSTRAINT "LeadClaimOffer_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE INDEX "LeadClaimOffer_userId_closedAt_idx" ON "LeadClaimOffer"("userId", "closedAt");

-- CreateIndex
CREATE INDEX "LeadClaimOffer_expiresAt_idx" ON "LeadClaimOffer"("expiresAt");

-- CreateIndex
CREATE UNIQUE INDEX "LeadClaimOffer_leadId_userId_key" ON "LeadClaimOffer"("leadId", "userId");

-- AddForeignKey
ALTER TABLE "LeadClaimOffer" ADD CONSTRAINT "LeadClaimOffer_roundRobinId_fkey" FOREIGN KEY ("roundRobinId") REFERENCES "RoundRobinPool"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "LeadClaimOffer" ADD CONSTRAINT "LeadClaimOffer_leadId_fkey" FOREIGN KEY ("leadId") REFERENCES "Lead"("id") ON DELETE CASCADE ON UPDATE CASCADE;
