-- CreateEnum
CREATE TYPE "LeadAccessKind" AS ENUM ('view', 'export');

-- CreateTable
CREATE TABLE "LeadAccess" (
    "id" UUID NOT NULL,
    "organizationId" UUID NOT NULL,
    "kind" "LeadAccessKind" NOT NULL,
    "leadIds" TEXT[],
    "leadCount" INTEGER NOT NULL,
    "actorKey" TEXT NOT NULL,
    "userId" UUID,
    "actorName" TEXT NOT NULL,
    "via" TEXT,
    "source" TEXT NOT NULL,
    "createdAt" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "LeadAccess_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE INDEX "LeadAccess_organizationId_kind_createdAt_idx" ON "LeadAccess"("organizationId", "kind", "createdAt" DESC);

-- CreateIndex
CREATE INDEX "LeadAccess_organizationId_actorKey_createdAt_idx" ON "LeadAccess"("organizationId", "actorKey", "createdAt" DESC);

-- CreateIndex
CREATE INDEX "LeadAccess_createdAt_idx" ON "LeadAccess"("createdAt");

-- AddForeignKey
ALTER TABLE "LeadAccess" ADD CONSTRAINT "LeadAccess_organizationId_fkey" FOREIGN KEY ("organizationId") REFERENCES "Organization"("id") ON DELETE CASCADE ON UPDATE CASCADE;
