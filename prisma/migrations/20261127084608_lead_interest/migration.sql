-- AlterTable
ALTER TABLE "Lead" ADD COLUMN     "interest" JSONB,
ADD COLUMN     "offersConsent" JSONB;

-- CreateTable
CREATE TABLE "LeadInterest" (
    "leadId" TEXT NOT NULL,
    "organizationId" UUID NOT NULL,
    "operation" TEXT,
    "currency" TEXT,
    "budgetMin" DECIMAL(14,2),
    "budgetMax" DECIMAL(14,2),
    "minBedrooms" INTEGER,
    "minBathrooms" DECIMAL(4,1),
    "minArea" DECIMAL(12,2),
    "places" TEXT[],
    "unitTypes" TEXT[],
    "projectIds" TEXT[],

    CONSTRAINT "LeadInterest_pkey" PRIMARY KEY ("leadId")
);

-- CreateIndex
CREATE INDEX "LeadInterest_organizationId_currency_budgetMax_idx" ON "LeadInterest"("organizationId", "currency", "budgetMax");

-- AddForeignKey
ALTER TABLE "LeadInterest" ADD CONSTRAINT "LeadInterest_leadId_fkey" FOREIGN KEY ("leadId") REFERENCES "Lead"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- "LeadInterest" follows "Lead"."interest" on every write path, in the writer's transaction: matching reads typed,
-- indexed columns instead of unpacking JSON for every lead of the organization.
CREATE FUNCTION "lead_interest_sync"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  i jsonb := NEW."interest";
BEGIN
  IF i IS NULL OR jsonb_typeof(i) <> 'object' THEN
    DELETE FROM "LeadInterest" WHERE "leadId" = NEW."id";
    RETURN NULL;
  END IF;
  INSERT INTO "LeadInterest" ("leadId", "organizationId", "operation", "currency", "budgetMin", "budgetMax",
                              "minBedrooms", "minBathrooms", "minArea", "places", "unitTypes", "projectIds")
  VALUES (
    NEW."id", NEW."organizationId", i->>'operation', i->>'currency',
    (i->>'budgetMin')::numeric, (i->>'budgetMax')::numeric,
    (i->>'minBedrooms')::int, (i->>'minBathrooms')::numeric, (i->>'minArea')::numeric,
    COALESCE(ARRAY(SELECT lower("inmo_unaccent"(v)) FROM jsonb_array_elements_text(COALESCE(i->'cities', '[]')) v), '{}'),
    COALESCE(ARRAY(SELECT lower(v) FROM jsonb_array_elements_text(COALESCE(i->'unitTypes', '[]')) v), '{}'),
    COALESCE(ARRAY(SELECT v FROM jsonb_array_elements_text(COALESCE(i->'projectIds', '[]')) v), '{}')
  )
  ON CONFLICT ("leadId") DO UPDATE SET
    "organizationId" = EXCLUDED."organizationId", "operation" = EXCLUDED."operation", "currency" = EXCLUDED."currency",
    "budgetMin" = EXCLUDED."budgetMin", "budgetMax" = EXCLUDED."budgetMax", "minBedrooms" = EXCLUDED."minBedrooms",
    "minBathrooms" = EXCLUDED."minBathrooms", "minArea" = EXCLUDED."minArea", "places" = EXCLUDED."places",
    "unitTypes" = EXCLUDED."unitTypes", "projectIds" = EXCLUDED."projectIds";
  RETURN NULL;
END $$;

CREATE TRIGGER "lead_interest_sync" AFTER INSERT OR UPDATE OF "interest" ON "Lead"
  FOR EACH ROW EXECUTE FUNCTION "lead_interest_sync"();
