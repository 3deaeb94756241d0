-- CreateEnum
CREATE TYPE "SubscriptionDisabledReason" AS ENUM ('paused', 'failing', 'credential_revoked');

-- CreateEnum
CREATE TYPE "MailStatus" AS ENUM ('pending', 'sent', 'failed', 'not_sent');

-- AlterTable
ALTER TABLE "WebhookSubscription" ADD COLUMN     "disabledAt" TIMESTAMPTZ(3),
ADD COLUMN     "disabledReason" "SubscriptionDisabledReason",
ADD COLUMN     "failingSince" TIMESTAMPTZ(3);

-- CreateTable
CREATE TABLE "JobSchedule" (
    "jobId" TEXT NOT NULL,
    "nextRunAt" TIMESTAMPTZ(3) NOT NULL,
    "lastRunAt" TIMESTAMPTZ(3),

    CONSTRAINT "JobSchedule_pkey" PRIMARY KEY ("jobId")
);

-- CreateTable
CREATE TABLE "OutgoingMail" (
    "id" UUID NOT NULL,
    "organizationId" UUID,
    "kind" TEXT NOT NULL,
    "toAddress" TEXT NOT NULL,
    "subject" TEXT NOT NULL,
    "textBody" TEXT NOT NULL,
    "htmlBody" TEXT NOT NULL,
    "status" "MailStatus" NOT NULL DEFAULT 'pending',
    "attemptCount" INTEGER NOT NULL DEFAULT 0,
    "nextAttemptAt" TIMESTAMPTZ(3) DEFAULT CURRENT_TIMESTAMP,
    "lockedUntil" TIMESTAMPTZ(3),
    "lastError" TEXT,
    "sentAt" TIMESTAMPTZ(3),
    "messageId" TEXT,
    "createdAt" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" TIMESTAMPTZ(3) NOT NULL,

    CONSTRAINT "OutgoingMail_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "OutgoingMailAttempt" (
    "id" UUID NOT NULL,
    "mailId" UUID NOT NULL,
    "number" INTEGER NOT NULL,
    "startedAt" TIMESTAMPTZ(3) NOT NULL,
    "durationMs" INTEGER NOT NULL,
    "ok" BOOLEAN NOT NULL,
    "detail" TEXT,

    CONSTRAINT "OutgoingMailAttempt_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE INDEX "OutgoingMail_status_nextAttemptAt_idx" ON "OutgoingMail"("status", "nextAttemptAt");

-- CreateIndex
CREATE INDEX "OutgoingMail_organizationId_status_lockedUntil_idx" ON "OutgoingMail"("organizationId", "status", "lockedUntil");

-- CreateIndex
CREATE INDEX "OutgoingMail_organizationId_createdAt_idx" ON "OutgoingMail"("organizationId", "createdAt" DESC);

-- CreateIndex
CREATE UNIQUE INDEX "OutgoingMailAttempt_mailId_number_key" ON "OutgoingMailAttempt"("mailId", "number");

-- CreateIndex
CREATE INDEX "WebhookDelivery_subscriptionId_status_nextAttemptAt_idx" ON "WebhookDelivery"("subscriptionId", "status", "nextAttemptAt");

-- CreateIndex
CREATE INDEX "WebhookDelivery_organizationId_status_lockedUntil_idx" ON "WebhookDelivery"("organizationId", "status", "lockedUntil");

-- CreateIndex
CREATE INDEX "WebhookDelivery_status_completedAt_idx" ON "WebhookDelivery"("status", "completedAt");

-- CreateIndex
CREATE INDEX "WebhookEvent_createdAt_idx" ON "WebhookEvent"("createdAt");

-- AddForeignKey
ALTER TABLE "OutgoingMail" ADD CONSTRAINT "OutgoingMail_organizationId_fkey" FOREIGN KEY ("organizationId") REFERENCES "Organization"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "OutgoingMailAttempt" ADD CONSTRAINT "OutgoingMailAttempt_mailId_fkey" FOREIGN KEY ("mailId") REFERENCES "OutgoingMail"("id") ON DELETE CASCADE ON UPDATE CASCADE;
