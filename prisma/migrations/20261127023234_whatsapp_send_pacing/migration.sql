-- AlterTable
ALTER TABLE "WhatsAppSender" ADD COLUMN     "nextSendAt" TIMESTAMPTZ(3);

-- CreateTable
CREATE TABLE "WhatsAppPairPace" (
    "senderId" UUID NOT NULL,
    "contactDigits" TEXT NOT NULL,
    "tat" TIMESTAMPTZ(3) NOT NULL,

    CONSTRAINT "WhatsAppPairPace_pkey" PRIMARY KEY ("senderId","contactDigits")
);

-- CreateIndex
CREATE INDEX "WhatsAppPairPace_tat_idx" ON "WhatsAppPairPace"("tat");

-- AddForeignKey
ALTER TABLE "WhatsAppPairPace" ADD CONSTRAINT "WhatsAppPairPace_senderId_fkey" FOREIGN KEY ("senderId") REFERENCES "WhatsAppSender"("id") ON DELETE CASCADE ON UPDATE CASCADE;
