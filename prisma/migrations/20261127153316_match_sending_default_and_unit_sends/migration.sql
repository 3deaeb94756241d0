-- CreateTable
CREATE TABLE "MatchSendingDefault" (
    "organizationId" UUID NOT NULL,
    "notifyOwner" BOOLEAN NOT NULL DEFAULT false,
    "sendToLead" TEXT NOT NULL DEFAULT 'off',
    "whatsAppTemplateName" TEXT,
    "whatsAppLanguages" JSONB NOT NULL DEFAULT '{}',
    "emailTemplates" JSONB NOT NULL DEFAULT '{}',
    "createdAt" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" TIMESTAMPTZ(3) NOT NULL,

    CONSTRAINT "MatchSendingDefault_pkey" PRIMARY KEY ("organizationId")
);

-- CreateTable
CREATE TABLE "UnitSend" (
    "organizationId" UUID NOT NULL,
    "unitId" TEXT NOT NULL,
    "leadId" TEXT NOT NULL,
    "status" TEXT NOT NULL,
    "channel" TEXT,
    "messageId" TEXT,
    "reason" TEXT,
    "createdAt" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" TIMESTAMPTZ(3) NOT NULL,

    CONSTRAINT "UnitSend_pkey" PRIMARY KEY ("unitId","leadId")
);

-- CreateIndex
CREATE INDEX "UnitSend_leadId_idx" ON "UnitSend"("leadId");

-- CreateIndex
CREATE INDEX "UnitSend_organizationId_idx" ON "UnitSend"("organizationId");

-- AddForeignKey
ALTER TABLE "MatchSendingDefault" ADD CONSTRAINT "MatchSendingDefault_organizationId_fkey" FOREIGN KEY ("organizationId") REFERENCES "Organization"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "UnitSend" ADD CONSTRAINT "UnitSend_organizationId_fkey" FOREIGN KEY ("organizationId") REFERENCES "Organization"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "UnitSend" ADD CONSTRAINT "UnitSend_unitId_fkey" FOREIGN KEY ("unitId") REFERENCES "Unit"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "UnitSend" ADD CONSTRAINT "UnitSend_leadId_fkey" FOREIGN KEY ("leadId") REFERENCES "Lead"("id") ON DELETE CASCADE ON UPDATE CASCADE;
