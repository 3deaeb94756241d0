-- AlterEnum
ALTER TYPE "LeadActivityType" ADD VALUE 'instant_reply_not_sent';

-- CreateTable
CREATE TABLE "InstantReplySetting" (
    "id" UUID NOT NULL,
    "organizationId" UUID NOT NULL,
    "roundRobinId" UUID,
    "source" "LeadSource",
    "enabled" BOOLEAN NOT NULL DEFAULT false,
    "channels" TEXT[] DEFAULT ARRAY['whatsapp', 'email']::TEXT[],
    "whatsAppTemplateName" TEXT,
    "whatsAppLanguages" JSONB NOT NULL DEFAULT '{}',
    "emailTemplates" JSONB NOT NULL DEFAULT '{}',
    "createdAt" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" TIMESTAMPTZ(3) NOT NULL,

    CONSTRAINT "InstantReplySetting_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "InstantReply" (
    "leadId" TEXT NOT NULL,
    "organizationId" UUID NOT NULL,
    "status" TEXT NOT NULL,
    "channel" TEXT,
    "reason" TEXT,
    "messageId" TEXT,
    "createdAt" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" TIMESTAMPTZ(3) NOT NULL,

    CONSTRAINT "InstantReply_pkey" PRIMARY KEY ("leadId")
);

-- CreateIndex
CREATE UNIQUE INDEX "InstantReplySetting_roundRobinId_key" ON "InstantReplySetting"("roundRobinId");

-- CreateIndex
CREATE UNIQUE INDEX "InstantReplySetting_organizationId_source_key" ON "InstantReplySetting"("organizationId", "source");

-- CreateIndex
CREATE INDEX "InstantReply_organizationId_createdAt_idx" ON "InstantReply"("organizationId", "createdAt");

-- AddForeignKey
ALTER TABLE "InstantReplySetting" ADD CONSTRAINT "InstantReplySetting_organizationId_fkey" FOREIGN KEY ("organizationId") REFERENCES "Organization"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "InstantReplySetting" ADD CONSTRAINT "InstantReplySetting_roundRobinId_fkey" FOREIGN KEY ("roundRobinId") REFERENCES "RoundRobinPool"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "InstantReply" ADD CONSTRAINT "InstantReply_leadId_fkey" FOREIGN KEY ("leadId") REFERENCES "Lead"("id") ON DELETE CASCADE ON UPDATE CASCADE;
