-- AlterTable
ALTER TABLE "OutgoingMail" ADD COLUMN     "sealedLink" TEXT;

-- Account mails written before links were sealed keep the raw link (its
-- token opens the account) in their bodies: erase every such token. A mail
-- still waiting to be sent can no longer carry a working link, so it is given
-- up; the person asks for a new one (reset, verification, invitation resend).
UPDATE "OutgoingMail"
SET "textBody" = regexp_replace("textBody", '([?&]token=)[A-Za-z0-9_-]+', '\1removed', 'g'),
    "htmlBody" = regexp_replace("htmlBody", '([?&](amp;)?token=)[A-Za-z0-9_-]+', '\1removed', 'g'),
    "status" = CASE WHEN "status" = 'pending' THEN 'failed'::"MailStatus" ELSE "status" END,
    "lastError" = CASE WHEN "status" = 'pending' THEN 'not sent: its link was removed from the database (ask for a new one)' ELSE "lastError" END,
    "nextAttemptAt" = CASE WHEN "status" = 'pending' THEN NULL ELSE "nextAttemptAt" END,
    "lockedUntil" = NULL
WHERE "kind" IN ('reset-password', 'verify-email', 'invitation');
