-- AlterTable
ALTER TABLE "Lead" ADD COLUMN     "lastActivityAt" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP;

-- "lastActivityAt" follows the newest timeline entry of the lead, kept in the writer's transaction by a
-- statement-level trigger on "LeadActivity", so every path that writes an entry (notes, communications, recorded
-- changes, entries other areas add, bulk SQL) moves it. It only moves forward. The update takes the lead row's
-- FOR NO KEY UPDATE lock, which does not conflict with the FOR KEY SHARE lock timeline writers hold; two entries
-- on one lead at once simply apply one after the other. No counted or searched column changes, so the lead-count
-- trigger writes nothing and the search-text trigger does not fire.
CREATE FUNCTION "lead_last_activity_after_insert"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE "Lead" l SET "lastActivityAt" = n.latest
  FROM (SELECT "leadId", max("createdAt") AS latest FROM new_rows GROUP BY "leadId") n
  WHERE l."id" = n."leadId" AND l."lastActivityAt" < n.latest;
  RETURN NULL;
END $$;

CREATE TRIGGER "lead_last_activity" AFTER INSERT ON "LeadActivity"
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "lead_last_activity_after_insert"();

-- The leads that already exist: their newest entry, or their creation when they have none.
UPDATE "Lead" l SET "lastActivityAt" = coalesce(
  (SELECT max(a."createdAt") FROM "LeadActivity" a WHERE a."leadId" = l."id"),
  l."createdAt"
);
