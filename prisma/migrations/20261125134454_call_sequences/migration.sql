-- CreateEnum
CREATE TYPE "SequenceChannel" AS ENUM ('call', 'whatsapp', 'email');

-- CreateEnum
CREATE TYPE "SequenceStatus" AS ENUM ('draft', 'running', 'paused', 'completed');

-- CreateEnum
CREATE TYPE "SequenceContactStatus" AS ENUM ('pending', 'scheduled', 'in_progress', 'sent', 'failed', 'skipped');

-- AlterTable
ALTER TABLE "Lead" ADD COLUMN     "doNotCall" BOOLEAN NOT NULL DEFAULT false;

-- CreateTable
CREATE TABLE "Sequence" (
    "id" TEXT NOT NULL,
    "organizationId" UUID NOT NULL,
    "name" VARCHAR(120) NOT NULL,
    "channel" "SequenceChannel" NOT NULL DEFAULT 'call',
    "status" "SequenceStatus" NOT NULL DEFAULT 'draft',
    "criteria" JSONB NOT NULL,
    "channelConfig" JSONB NOT NULL,
    "throttle" JSONB NOT NULL,
    "createdBy" UUID,
    "createdAt" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" TIMESTAMPTZ(3) NOT NULL,
    "startedAt" TIMESTAMPTZ(3),
    "completedAt" TIMESTAMPTZ(3),
    "tat" TIMESTAMPTZ(3),
    "webhookSecret" TEXT,

    CONSTRAINT "Sequence_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "SequenceContact" (
    "id" UUID NOT NULL,
    "sequenceId" TEXT NOT NULL,
    "organizationId" UUID NOT NULL,
    "leadId" TEXT NOT NULL,
    "position" INTEGER NOT NULL,
    "status" "SequenceContactStatus" NOT NULL DEFAULT 'pending',
    "dispatchAt" TIMESTAMPTZ(3),
    "lockedUntil" TIMESTAMPTZ(3),
    "attempts" INTEGER NOT NULL DEFAULT 0,
    "lastError" TEXT,
    "dispatchedAt" TIMESTAMPTZ(3),
    "taskUserId" UUID,
    "outcome" TEXT,
    "outcomeAt" TIMESTAMPTZ(3),
    "createdAt" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "SequenceContact_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE INDEX "Sequence_organizationId_createdAt_idx" ON "Sequence"("organizationId", "createdAt" DESC);

-- CreateIndex
CREATE INDEX "Sequence_status_idx" ON "Sequence"("status");

-- CreateIndex
CREATE INDEX "SequenceContact_sequenceId_status_position_idx" ON "SequenceContact"("sequenceId", "status", "position");

-- CreateIndex
CREATE INDEX "SequenceContact_status_dispatchAt_idx" ON "SequenceContact"("status", "dispatchAt");

-- CreateIndex
CREATE INDEX "SequenceContact_organizationId_taskUserId_outcome_idx" ON "SequenceContact"("organizationId", "taskUserId", "outcome");

-- CreateIndex
CREATE UNIQUE INDEX "SequenceContact_sequenceId_leadId_key" ON "SequenceContact"("sequenceId", "leadId");

-- AddForeignKey
ALTER TABLE "Sequence" ADD CONSTRAINT "Sequence_organizationId_fkey" FOREIGN KEY ("organizationId") REFERENCES "Organization"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "SequenceContact" ADD CONSTRAINT "SequenceContact_sequenceId_fkey" FOREIGN KEY ("sequenceId") REFERENCES "Sequence"("id") ON DELETE CASCADE ON UPDATE CASCADE;
