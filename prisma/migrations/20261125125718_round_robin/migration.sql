-- CreateEnum
CREATE TYPE "RoundRobinConnectionSource" AS ENUM ('webhook', 'adplatform', 'automation', 'workflow');

-- CreateEnum
CREATE TYPE "RoundRobinConnectionProvider" AS ENUM ('custom', 'platform_a', 'platform_b', 'platform_c');

-- CreateEnum
CREATE TYPE "RoundRobinAssignmentSource" AS ENUM ('manual', 'adplatform', 'webhook', 'messaging_app', 'system');

-- AlterTable
ALTER TABLE "Organization" ADD COLUMN     "universalLeadWebhookEnabled" BOOLEAN NOT NULL DEFAULT false;

-- CreateTable
CREATE TABLE "RoundRobinPool" (
    "id" UUID NOT NULL,
    "organizationId" UUID NOT NULL,
    "name" VARCHAR(200) NOT NULL,
    "isActive" BOOLEAN NOT NULL DEFAULT true,
    "assignInboundLeads" BOOLEAN NOT NULL DEFAULT true,
    "assignManualLeads" BOOLEAN NOT NULL DEFAULT false,
    "emailNotificationsEnabled" BOOLEAN NOT NULL DEFAULT false,
    "followerUserId" UUID,
    "goalTotalDeals" INTEGER,
    "goalWonDeals" INTEGER,
    "nextParticipantOrder" INTEGER NOT NULL DEFAULT 1,
    "createdBy" UUID,
    "createdAt" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" TIMESTAMPTZ(3) NOT NULL,

    CONSTRAINT "RoundRobinPool_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "RoundRobinParticipant" (
    "id" UUID NOT NULL,
    "roundRobinId" UUID NOT NULL,
    "organizationId" UUID NOT NULL,
    "userId" UUID NOT NULL,
    "order" INTEGER NOT NULL,
    "isActive" BOOLEAN NOT NULL DEFAULT true,
    "createdAt" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" TIMESTAMPTZ(3) NOT NULL,

    CONSTRAINT "RoundRobinParticipant_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "RoundRobinConnection" (
    "id" UUID NOT NULL,
    "roundRobinId" UUID NOT NULL,
    "organizationId" UUID NOT NULL,
    "isActive" BOOLEAN NOT NULL DEFAULT true,
    "source" "RoundRobinConnectionSource" NOT NULL DEFAULT 'webhook',
    "provider" "RoundRobinConnectionProvider",
    "sourceKey" VARCHAR(200),
    "adplatformPageId" VARCHAR(200),
    "adplatformFormId" VARCHAR(200),
    "adplatformAdId" VARCHAR(200),
    "adplatformCampaignId" VARCHAR(200),
    "utmCampaign" VARCHAR(200),
    "workflowId" VARCHAR(200),
    "createdAt" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" TIMESTAMPTZ(3) NOT NULL,

    CONSTRAINT "RoundRobinConnection_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "RoundRobinAssignment" (
    "id" UUID NOT NULL,
    "organizationId" UUID NOT NULL,
    "roundRobinId" UUID NOT NULL,
    "leadId" TEXT NOT NULL,
    "assignedUserId" UUID NOT NULL,
    "source" "RoundRobinAssignmentSource" NOT NULL,
    "turnOrder" INTEGER NOT NULL,
    "metadata" TEXT,
    "createdAt" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "RoundRobinAssignment_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE INDEX "RoundRobinPool_organizationId_createdAt_idx" ON "RoundRobinPool"("organizationId", "createdAt" DESC);

-- CreateIndex
CREATE INDEX "RoundRobinParticipant_userId_idx" ON "RoundRobinParticipant"("userId");

-- CreateIndex
CREATE UNIQUE INDEX "RoundRobinParticipant_roundRobinId_userId_key" ON "RoundRobinParticipant"("roundRobinId", "userId");

-- CreateIndex
CREATE UNIQUE INDEX "RoundRobinParticipant_roundRobinId_order_key" ON "RoundRobinParticipant"("roundRobinId", "order");

-- CreateIndex
CREATE INDEX "RoundRobinConnection_roundRobinId_createdAt_idx" ON "RoundRobinConnection"("roundRobinId", "createdAt");

-- CreateIndex
CREATE INDEX "RoundRobinConnection_organizationId_source_idx" ON "RoundRobinConnection"("organizationId", "source");

-- CreateIndex
CREATE INDEX "RoundRobinAssignment_roundRobinId_createdAt_idx" ON "RoundRobinAssignment"("roundRobinId", "createdAt" DESC);

-- CreateIndex
CREATE INDEX "RoundRobinAssignment_roundRobinId_assignedUserId_idx" ON "RoundRobinAssignment"("roundRobinId", "assignedUserId");

-- CreateIndex
CREATE INDEX "RoundRobinAssignment_leadId_idx" ON "RoundRobinAssignment"("leadId");

-- AddForeignKey
ALTER TABLE "RoundRobinPool" ADD CONSTRAINT "RoundRobinPool_organizationId_fkey" FOREIGN KEY ("organizationId") REFERENCES "Organization"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "RoundRobinParticipant" ADD CONSTRAINT "RoundRobinParticipant_roundRobinId_fkey" FOREIGN KEY ("roundRobinId") REFERENCES "RoundRobinPool"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "RoundRobinParticipant" ADD CONSTRAINT "RoundRobinParticipant_userId_fkey" FOREIGN KEY ("userId") REFERENCES "User"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "RoundRobinConnection" ADD CONSTRAINT "RoundRobinConnection_roundRobinId_fkey" FOREIGN KEY ("roundRobinId") REFERENCES "RoundRobinPool"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "RoundRobinAssignment" ADD CONSTRAINT "RoundRobinAssignment_roundRobinId_fkey" FOREIGN KEY ("roundRobinId") REFERENCES "RoundRobinPool"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "RoundRobinAssignment" ADD CONSTRAINT "RoundRobinAssignment_leadId_fkey" FOREIGN KEY ("leadId") REFERENCES "Lead"("id") ON DELETE CASCADE ON UPDATE CASCADE;
