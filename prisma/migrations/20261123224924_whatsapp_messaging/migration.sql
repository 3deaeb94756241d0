-- CreateEnum
CREATE TYPE "WhatsAppSenderStatus" AS ENUM ('connected', 'reconnect_required');

-- CreateEnum
CREATE TYPE "WhatsAppMessageDirection" AS ENUM ('inbound', 'outbound');

-- CreateEnum
CREATE TYPE "WhatsAppMessageStatus" AS ENUM ('accepted', 'sent', 'delivered', 'read', 'failed', 'received');

-- CreateTable
CREATE TABLE "WhatsAppSender" (
    "id" UUID NOT NULL,
    "organizationId" UUID NOT NULL,
    "label" TEXT NOT NULL,
    "phoneNumberId" TEXT NOT NULL,
    "businessAccountId" TEXT NOT NULL,
    "displayPhoneNumber" TEXT NOT NULL,
    "verifiedName" TEXT NOT NULL,
    "accessTokenCiphertext" TEXT NOT NULL,
    "status" "WhatsAppSenderStatus" NOT NULL DEFAULT 'connected',
    "statusReason" TEXT,
    "statusChangedAt" TIMESTAMPTZ(3),
    "connectedById" UUID,
    "createdAt" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" TIMESTAMPTZ(3) NOT NULL,

    CONSTRAINT "WhatsAppSender_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "WhatsAppMessage" (
    "id" TEXT NOT NULL,
    "organizationId" UUID NOT NULL,
    "senderId" UUID,
    "leadId" TEXT,
    "direction" "WhatsAppMessageDirection" NOT NULL,
    "status" "WhatsAppMessageStatus" NOT NULL,
    "contactDigits" TEXT NOT NULL,
    "type" TEXT NOT NULL,
    "body" TEXT NOT NULL DEFAULT '',
    "template" JSONB,
    "providerMessageId" TEXT NOT NULL,
    "failureCode" INTEGER,
    "failureReason" TEXT,
    "activityId" TEXT,
    "sentByName" TEXT,
    "createdAt" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "sentAt" TIMESTAMPTZ(3),
    "deliveredAt" TIMESTAMPTZ(3),
    "readAt" TIMESTAMPTZ(3),
    "failedAt" TIMESTAMPTZ(3),
    "updatedAt" TIMESTAMPTZ(3) NOT NULL,

    CONSTRAINT "WhatsAppMessage_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "WhatsAppStatusBacklog" (
    "providerMessageId" TEXT NOT NULL,
    "status" "WhatsAppMessageStatus" NOT NULL,
    "organizationId" UUID NOT NULL,
    "occurredAt" TIMESTAMPTZ(3) NOT NULL,
    "failureCode" INTEGER,
    "failureReason" TEXT,
    "createdAt" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "WhatsAppStatusBacklog_pkey" PRIMARY KEY ("providerMessageId","status")
);

-- CreateIndex
CREATE UNIQUE INDEX "WhatsAppSender_phoneNumberId_key" ON "WhatsAppSender"("phoneNumberId");

-- CreateIndex
CREATE INDEX "WhatsAppSender_organizationId_createdAt_idx" ON "WhatsAppSender"("organizationId", "createdAt");

-- CreateIndex
CREATE UNIQUE INDEX "WhatsAppMessage_providerMessageId_key" ON "WhatsAppMessage"("providerMessageId");

-- CreateIndex
CREATE INDEX "WhatsAppMessage_organizationId_leadId_createdAt_idx" ON "WhatsAppMessage"("organizationId", "leadId", "createdAt" DESC);

-- CreateIndex
CREATE INDEX "WhatsAppMessage_organizationId_contactDigits_createdAt_idx" ON "WhatsAppMessage"("organizationId", "contactDigits", "createdAt" DESC);

-- CreateIndex
CREATE INDEX "WhatsAppMessage_senderId_idx" ON "WhatsAppMessage"("senderId");

-- CreateIndex
CREATE INDEX "WhatsAppStatusBacklog_createdAt_idx" ON "WhatsAppStatusBacklog"("createdAt");

-- AddForeignKey
ALTER TABLE "WhatsAppSender" ADD CONSTRAINT "WhatsAppSender_organizationId_fkey" FOREIGN KEY ("organizationId") REFERENCES "Organization"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "WhatsAppMessage" ADD CONSTRAINT "WhatsAppMessage_organizationId_fkey" FOREIGN KEY ("organizationId") REFERENCES "Organization"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "WhatsAppMessage" ADD CONSTRAINT "WhatsAppMessage_senderId_fkey" FOREIGN KEY ("senderId") REFERENCES "WhatsAppSender"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "WhatsAppMessage" ADD CONSTRAINT "WhatsAppMessage_leadId_fkey" FOREIGN KEY ("leadId") REFERENCES "Lead"("id") ON DELETE CASCADE ON UPDATE CASCADE;
