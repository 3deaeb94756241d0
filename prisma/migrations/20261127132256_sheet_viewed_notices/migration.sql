-- A lead opened their personal sheet: their owner is told (server/notifications/sheet-viewed.ts).
ALTER TYPE "NotificationKind" ADD VALUE 'sheet_viewed';

-- What a notice names besides the lead, as written (the unit's name for sheet_viewed).
ALTER TABLE "Notification" ADD COLUMN "subject" TEXT;
