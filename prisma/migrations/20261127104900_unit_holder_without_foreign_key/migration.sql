-- A unit's holder is kept without a foreign key (Lead already references Unit; the cycle left backups no load order).
-- Deleting a lead clears it and a merge moves it (server/projects/unit-holder-relink.ts).
ALTER TABLE "Unit" DROP CONSTRAINT "Unit_leadId_fkey";
