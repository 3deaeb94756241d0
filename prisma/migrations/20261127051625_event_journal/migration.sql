-- AlterTable
ALTER TABLE "WebhookEvent" ADD COLUMN     "position" BIGSERIAL NOT NULL,
ADD COLUMN     "txid" BIGINT NOT NULL DEFAULT ((pg_current_xact_id())::text)::bigint;

-- CreateIndex
CREATE INDEX "WebhookEvent_organizationId_txid_position_idx" ON "WebhookEvent"("organizationId", "txid", "position");
