-- CreateEnum
CREATE TYPE "DeferredJobStatus" AS ENUM ('pending', 'done', 'failed', 'cancelled');

-- CreateTable
CREATE TABLE "DeferredJob" (
    "id" UUID NOT NULL,
    "organizationId" UUID NOT NULL,
    "kind" TEXT NOT NULL,
    "payload" JSONB NOT NULL,
    "key" TEXT,
    "status" "DeferredJobStatus" NOT NULL DEFAULT 'pending',
    "runAt" TIMESTAMPTZ(3) NOT NULL,
    "lockedUntil" TIMESTAMPTZ(3),
    "attemptCount" INTEGER NOT NULL DEFAULT 0,
    "lastError" TEXT,
    "completedAt" TIMESTAMPTZ(3),
    "createdAt" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "DeferredJob_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE INDEX "DeferredJob_status_runAt_idx" ON "DeferredJob"("status", "runAt");

-- CreateIndex
CREATE INDEX "DeferredJob_organizationId_status_lockedUntil_idx" ON "DeferredJob"("organizationId", "status", "lockedUntil");

-- CreateIndex
CREATE INDEX "DeferredJob_organizationId_kind_key_idx" ON "DeferredJob"("organizationId", "kind", "key");

-- CreateIndex
CREATE INDEX "DeferredJob_status_completedAt_idx" ON "DeferredJob"("status", "completedAt");

-- CreateIndex
CREATE INDEX "SequenceContact_organizationId_status_lockedUntil_idx" ON "SequenceContact"("organizationId", "status", "lockedUntil");

-- AddForeignKey
ALTER TABLE "DeferredJob" ADD CONSTRAINT "DeferredJob_organizationId_fkey" FOREIGN KEY ("organizationId") REFERENCES "Organization"("id") ON DELETE CASCADE ON UPDATE CASCADE;
