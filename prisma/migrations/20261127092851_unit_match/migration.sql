-- CreateTable
CREATE TABLE "UnitMatch" (
    "organizationId" UUID NOT NULL,
    "unitId" TEXT NOT NULL,
    "leadId" TEXT NOT NULL,
    "matchedAt" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "UnitMatch_pkey" PRIMARY KEY ("unitId","leadId")
);

-- CreateIndex
CREATE INDEX "UnitMatch_leadId_idx" ON "UnitMatch"("leadId");

-- CreateIndex
CREATE INDEX "UnitMatch_organizationId_matchedAt_idx" ON "UnitMatch"("organizationId", "matchedAt");

-- AddForeignKey
ALTER TABLE "UnitMatch" ADD CONSTRAINT "UnitMatch_unitId_fkey" FOREIGN KEY ("unitId") REFERENCES "Unit"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "UnitMatch" ADD CONSTRAINT "UnitMatch_leadId_fkey" FOREIGN KEY ("leadId") REFERENCES "Lead"("id") ON DELETE CASCADE ON UPDATE CASCADE;
