-- CreateTable
CREATE TABLE "LeadImport" (
    "id" TEXT NOT NULL,
    "organizationId" UUID NOT NULL,
    "createdById" UUID NOT NULL,
    "fileName" TEXT NOT NULL,
    "content" TEXT NOT NULL,
    "mapping" JSONB NOT NULL,
    "onDuplicate" TEXT NOT NULL,
    "matchOn" TEXT[],
    "items" JSONB,
    "totalRows" INTEGER NOT NULL,
    "processedRows" INTEGER NOT NULL DEFAULT 0,
    "createdCount" INTEGER NOT NULL DEFAULT 0,
    "updatedCount" INTEGER NOT NULL DEFAULT 0,
    "skippedCount" INTEGER NOT NULL DEFAULT 0,
    "refusedCount" INTEGER NOT NULL DEFAULT 0,
    "status" TEXT NOT NULL DEFAULT 'queued',
    "failure" TEXT,
    "createdAt" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "completedAt" TIMESTAMPTZ(3),
    "undoneAt" TIMESTAMPTZ(3),
    "undoSummary" JSONB,

    CONSTRAINT "LeadImport_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "LeadImportRow" (
    "importId" TEXT NOT NULL,
    "rowIndex" INTEGER NOT NULL,
    "status" TEXT NOT NULL,
    "leadId" TEXT,
    "reason" JSONB,
    "before" JSONB,
    "leadUpdatedAt" TIMESTAMPTZ(3),
    "leadActivityAt" TIMESTAMPTZ(3),

    CONSTRAINT "LeadImportRow_pkey" PRIMARY KEY ("importId","rowIndex")
);

-- CreateIndex
CREATE INDEX "LeadImport_organizationId_createdAt_idx" ON "LeadImport"("organizationId", "createdAt" DESC);

-- CreateIndex
CREATE INDEX "LeadImportRow_leadId_idx" ON "LeadImportRow"("leadId");

-- AddForeignKey
ALTER TABLE "LeadImport" ADD CONSTRAINT "LeadImport_organizationId_fkey" FOREIGN KEY ("organizationId") REFERENCES "Organization"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "LeadImportRow" ADD CONSTRAINT "LeadImportRow_importId_fkey" FOREIGN KEY ("importId") REFERENCES "LeadImport"("id") ON DELETE CASCADE ON UPDATE CASCADE;
