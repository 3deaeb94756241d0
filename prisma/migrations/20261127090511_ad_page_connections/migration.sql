-- CreateEnum
CREATE TYPE "AdPageConnectionStatus" AS ENUM ('connected', 'reconnect_required');

-- CreateTable
CREATE TABLE "AdPageConnection" (
    "id" UUID NOT NULL,
    "organizationId" UUID NOT NULL,
    "provider" TEXT NOT NULL DEFAULT 'meta',
    "pageId" TEXT NOT NULL,
    "pageName" TEXT NOT NULL,
    "accessTokenCiphertext" TEXT NOT NULL,
    "status" "AdPageConnectionStatus" NOT NULL DEFAULT 'connected',
    "statusReason" TEXT,
    "statusChangedAt" TIMESTAMPTZ(3),
    "fieldMapping" JSONB NOT NULL DEFAULT '{}',
    "connectedById" UUID,
    "leadsReceived" INTEGER NOT NULL DEFAULT 0,
    "lastLeadAt" TIMESTAMPTZ(3),
    "createdAt" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" TIMESTAMPTZ(3) NOT NULL,

    CONSTRAINT "AdPageConnection_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "AdLeadDelivery" (
    "id" UUID NOT NULL,
    "connectionId" UUID NOT NULL,
    "leadgenId" TEXT NOT NULL,
    "formId" TEXT,
    "adId" TEXT,
    "leadId" TEXT,
    "error" TEXT,
    "createdAt" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" TIMESTAMPTZ(3) NOT NULL,

    CONSTRAINT "AdLeadDelivery_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE UNIQUE INDEX "AdPageConnection_pageId_key" ON "AdPageConnection"("pageId");

-- CreateIndex
CREATE INDEX "AdPageConnection_organizationId_createdAt_idx" ON "AdPageConnection"("organizationId", "createdAt");

-- CreateIndex
CREATE UNIQUE INDEX "AdLeadDelivery_connectionId_leadgenId_key" ON "AdLeadDelivery"("connectionId", "leadgenId");

-- AddForeignKey
ALTER TABLE "AdPageConnection" ADD CONSTRAINT "AdPageConnection_organizationId_fkey" FOREIGN KEY ("organizationId") REFERENCES "Organization"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "AdLeadDelivery" ADD CONSTRAINT "AdLeadDelivery_connectionId_fkey" FOREIGN KEY ("connectionId") REFERENCES "AdPageConnection"("id") ON DELETE CASCADE ON UPDATE CASCADE;
