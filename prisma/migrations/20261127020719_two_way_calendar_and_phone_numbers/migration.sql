-- AlterTable
ALTER TABLE "CalendarConnection" ADD COLUMN     "channelExpiresAt" TIMESTAMPTZ(3),
ADD COLUMN     "channelId" TEXT,
ADD COLUMN     "channelResourceId" TEXT,
ADD COLUMN     "channelTokenHash" TEXT,
ADD COLUMN     "lastSyncedAt" TIMESTAMPTZ(3),
ADD COLUMN     "syncRequestedAt" TIMESTAMPTZ(3),
ADD COLUMN     "syncToken" TEXT;

-- AlterTable
ALTER TABLE "CalendarEventLink" ADD COLUMN     "cancelledAt" TIMESTAMPTZ(3);

-- AlterTable
ALTER TABLE "Lead" ADD COLUMN     "phoneE164" TEXT;

-- AlterTable
ALTER TABLE "Organization" ADD COLUMN     "defaultCountry" TEXT;

-- CreateIndex
CREATE UNIQUE INDEX "CalendarConnection_channelId_key" ON "CalendarConnection"("channelId");

-- CreateIndex
CREATE INDEX "CalendarConnection_status_lastSyncedAt_idx" ON "CalendarConnection"("status", "lastSyncedAt");

-- CreateIndex
CREATE INDEX "Lead_organizationId_phoneE164_idx" ON "Lead"("organizationId", "phoneE164");

-- Backfill: existing phones written internationally (with + or 00) get their E.164 form, with the same
-- canonical mobile rule the app applies (server/phones/phone-number.ts): Mexico's +52 1 and Argentina's
-- +54 9 mobile digit removed. Organizations had no default country before this migration, so national
-- numbers stay null until one is set (setting it re-reads them).
WITH international AS (
  SELECT "id", '+' || regexp_replace(regexp_replace(btrim("phone"), '^00', ''), '\D', '', 'g') AS e164
  FROM "Lead"
  WHERE "phone" IS NOT NULL AND btrim("phone") ~ '^(\+|00)'
)
UPDATE "Lead" l
SET "phoneE164" = regexp_replace(regexp_replace(i.e164, '^\+521(\d{10})$', '+52\1'), '^\+549(\d{10})$', '+54\1')
FROM international i
WHERE l."id" = i."id" AND i.e164 ~ '^\+[1-9]\d{7,14}$';
