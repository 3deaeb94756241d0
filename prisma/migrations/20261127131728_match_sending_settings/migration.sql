-- CreateTable
CREATE TABLE "MatchSendingSetting" (
    "projectId" TEXT NOT NULL,
    "organizationId" UUID NOT NULL,
    "notifyOwner" BOOLEAN NOT NULL DEFAULT false,
    "sendToLead" TEXT NOT NULL DEFAULT 'off',
    "whatsAppTemplateName" TEXT,
    "whatsAppLanguages" JSONB NOT NULL DEFAULT '{}',
    "emailTemplates" JSONB NOT NULL DEFAULT '{}',
    "createdAt" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" TIMESTAMPTZ(3) NOT NULL,

    CONSTRAINT "MatchSendingSetting_pkey" PRIMARY KEY ("projectId")
);

-- CreateIndex
CREATE INDEX "MatchSendingSetting_organizationId_idx" ON "MatchSendingSetting"("organizationId");

-- AddForeignKey
ALTER TABLE "MatchSendingSetting" ADD CONSTRAINT "MatchSendingSetting_organizationId_fkey" FOREIGN KEY ("organizationId") REFERENCES "Organization"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "MatchSendingSetting" ADD CONSTRAINT "MatchSendingSetting_projectId_fkey" FOREIGN KEY ("projectId") REFERENCES "Project"("id") ON DELETE CASCADE ON UPDATE CASCADE;
