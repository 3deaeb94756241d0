-- AlterTable: an idempotency key belongs to the credential that sent it, not to the whole organization.
ALTER TABLE "IdempotentRequest" DROP CONSTRAINT "IdempotentRequest_pkey",
ADD COLUMN     "credential" TEXT NOT NULL DEFAULT '',
ADD CONSTRAINT "IdempotentRequest_pkey" PRIMARY KEY ("organizationId", "credential", "key");
