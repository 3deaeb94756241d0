-- CreateTable
CREATE TABLE "SheetLink" (
    "id" UUID NOT NULL,
    "organizationId" UUID NOT NULL,
    "projectId" TEXT NOT NULL,
    "unitId" TEXT,
    "leadId" TEXT,
    "tokenHash" CHAR(64) NOT NULL,
    "tokenCiphertext" TEXT NOT NULL,
    "createdById" UUID,
    "views" INTEGER NOT NULL DEFAULT 0,
    "lastViewedAt" TIMESTAMPTZ(3),
    "lastLoggedViewAt" TIMESTAMPTZ(3),
    "interestedAt" TIMESTAMPTZ(3),
    "revokedAt" TIMESTAMPTZ(3),
    "createdAt" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "SheetLink_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE UNIQUE INDEX "SheetLink_tokenHash_key" ON "SheetLink"("tokenHash");

-- CreateIndex
CREATE INDEX "SheetLink_organizationId_projectId_unitId_idx" ON "SheetLink"("organizationId", "projectId", "unitId");

-- CreateIndex
CREATE INDEX "SheetLink_leadId_idx" ON "SheetLink"("leadId");

-- AddForeignKey
ALTER TABLE "SheetLink" ADD CONSTRAINT "SheetLink_organizationId_fkey" FOREIGN KEY ("organizationId") REFERENCES "Organization"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "SheetLink" ADD CONSTRAINT "SheetLink_projectId_fkey" FOREIGN KEY ("projectId") REFERENCES "Project"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "SheetLink" ADD CONSTRAINT "SheetLink_unitId_fkey" FOREIGN KEY ("unitId") REFERENCES "Unit"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "SheetLink" ADD CONSTRAINT "SheetLink_leadId_fkey" FOREIGN KEY ("leadId") REFERENCES "Lead"("id") ON DELETE CASCADE ON UPDATE CASCADE;
