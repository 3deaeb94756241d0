-- AlterTable
ALTER TABLE "DeferredJob" ADD COLUMN     "traceparent" TEXT;

-- AlterTable
ALTER TABLE "OutgoingMail" ADD COLUMN     "traceparent" TEXT;

-- AlterTable
ALTER TABLE "SequenceContact" ADD COLUMN     "traceparent" TEXT;

-- AlterTable
ALTER TABLE "WebhookDelivery" ADD COLUMN     "traceparent" TEXT;
