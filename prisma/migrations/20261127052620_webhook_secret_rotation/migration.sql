-- AlterTable
ALTER TABLE "WebhookSubscription" ADD COLUMN     "previousSecretCiphertext" TEXT,
ADD COLUMN     "previousSecretExpiresAt" TIMESTAMPTZ(3);
