-- AlterTable
ALTER TABLE "Lead" ADD COLUMN     "emailKey" TEXT,
ADD COLUMN     "nameKey" TEXT;

-- The e-mail as the duplicate check compares it. Lowercased everywhere; the dots and `+tag` of the local part are
-- dropped only for Gmail, whose provider defines both as ignored (googlemail.com is the same mailbox as gmail.com).
CREATE FUNCTION "inmo_email_key"(email text) RETURNS text
  LANGUAGE sql IMMUTABLE PARALLEL SAFE STRICT
  AS $$
    SELECT CASE
      WHEN split_part(lower(email), '@', 2) IN ('gmail.com', 'googlemail.com')
        THEN replace(split_part(split_part(lower(email), '@', 1), '+', 1), '.', '') || '@gmail.com'
      ELSE lower(email)
    END
  $$;

-- Full name and company, lowercased, unaccented, every run of anything but letters and digits one space: `name|company`.
-- Null unless both a name and a company are known (a name alone says too little to call two people one).
CREATE FUNCTION "inmo_fold"(value text) RETURNS text
  LANGUAGE sql IMMUTABLE PARALLEL SAFE STRICT
  AS $$ SELECT nullif(btrim(regexp_replace(lower("inmo_unaccent"(value)), '[^a-z0-9]+', ' ', 'g')), '') $$;

CREATE FUNCTION "inmo_name_key"(first_name text, last_name text, company text) RETURNS text
  LANGUAGE sql IMMUTABLE PARALLEL SAFE
  AS $$ SELECT "inmo_fold"(concat_ws(' ', first_name, last_name)) || '|' || "inmo_fold"(company) $$;

-- Both keys follow the fields on every write path, in the writer's transaction, like "searchText".
CREATE FUNCTION "lead_duplicate_keys_set"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  NEW."emailKey" := "inmo_email_key"(NEW."email");
  NEW."nameKey" := "inmo_name_key"(NEW."firstName", NEW."lastName", NEW."company");
  RETURN NEW;
END $$;

CREATE TRIGGER "lead_duplicate_keys" BEFORE INSERT OR UPDATE OF "firstName", "lastName", "email", "company", "emailKey", "nameKey" ON "Lead"
  FOR EACH ROW EXECUTE FUNCTION "lead_duplicate_keys_set"();

UPDATE "Lead" SET "emailKey" = NULL WHERE "email" IS NOT NULL OR "company" IS NOT NULL;

-- CreateTable
CREATE TABLE "LeadMerge" (
    "id" TEXT NOT NULL,
    "organizationId" UUID NOT NULL,
    "survivorId" TEXT NOT NULL,
    "mergedLeadIds" TEXT[],
    "snapshot" JSONB,
    "createdAt" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "undoneAt" TIMESTAMPTZ(3),

    CONSTRAINT "LeadMerge_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "MergedLead" (
    "leadId" TEXT NOT NULL,
    "organizationId" UUID NOT NULL,
    "survivorId" TEXT NOT NULL,
    "mergeId" TEXT NOT NULL,

    CONSTRAINT "MergedLead_pkey" PRIMARY KEY ("leadId")
);

-- CreateTable
CREATE TABLE "LeadDuplicateCandidate" (
    "leadId" TEXT NOT NULL,
    "candidateId" TEXT NOT NULL,
    "organizationId" UUID NOT NULL,
    "reason" TEXT NOT NULL,
    "score" INTEGER NOT NULL,
    "createdAt" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "LeadDuplicateCandidate_pkey" PRIMARY KEY ("leadId","candidateId")
);

-- CreateIndex
CREATE INDEX "LeadMerge_organizationId_survivorId_createdAt_idx" ON "LeadMerge"("organizationId", "survivorId", "createdAt" DESC);

-- CreateIndex
CREATE INDEX "LeadMerge_createdAt_idx" ON "LeadMerge"("createdAt");

-- CreateIndex
CREATE INDEX "MergedLead_mergeId_idx" ON "MergedLead"("mergeId");

-- CreateIndex
CREATE INDEX "Lead_organizationId_emailKey_idx" ON "Lead"("organizationId", "emailKey");

-- CreateIndex
CREATE INDEX "Lead_organizationId_nameKey_idx" ON "Lead"("organizationId", "nameKey");

-- AddForeignKey
ALTER TABLE "LeadMerge" ADD CONSTRAINT "LeadMerge_organizationId_fkey" FOREIGN KEY ("organizationId") REFERENCES "Organization"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "LeadDuplicateCandidate" ADD CONSTRAINT "LeadDuplicateCandidate_leadId_fkey" FOREIGN KEY ("leadId") REFERENCES "Lead"("id") ON DELETE CASCADE ON UPDATE CASCADE;
