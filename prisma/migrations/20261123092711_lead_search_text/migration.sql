-- unaccent folds accents ("Fernández" is found by "fernandez"); btree_gist lets the organization lead the GiST index.
-- Both are trusted extensions since PostgreSQL 13.
CREATE EXTENSION IF NOT EXISTS unaccent;
CREATE EXTENSION IF NOT EXISTS btree_gist;

-- unaccent() is only STABLE (its dictionary could change), so indexes and generated values cannot use it; this
-- wrapper names the dictionary explicitly and is declared IMMUTABLE, the usual way to index unaccented text.
CREATE FUNCTION "inmo_unaccent"(text) RETURNS text
  LANGUAGE sql IMMUTABLE PARALLEL SAFE STRICT
  AS $$ SELECT public.unaccent('public.unaccent'::regdictionary, $1) $$;

-- What text search compares: lowercased, unaccented, one space between the fields (a searched word never contains
-- a space, so it cannot match across two fields).
CREATE FUNCTION "inmo_search_text"(first_name text, last_name text, email text, company text) RETURNS text
  LANGUAGE sql IMMUTABLE PARALLEL SAFE
  AS $$ SELECT lower("inmo_unaccent"(concat_ws(' ', first_name, last_name, email, company))) $$;

-- The form of a searched word or phrase that compares with "searchText".
CREATE FUNCTION "inmo_search_term"(term text) RETURNS text
  LANGUAGE sql IMMUTABLE PARALLEL SAFE STRICT
  AS $$ SELECT lower("inmo_unaccent"(term)) $$;

-- DropIndex
DROP INDEX "Lead_organizationId_company_trgm_idx";

-- DropIndex
DROP INDEX "Lead_organizationId_email_trgm_idx";

-- DropIndex
DROP INDEX "Lead_organizationId_firstName_trgm_idx";

-- DropIndex
DROP INDEX "Lead_organizationId_lastName_trgm_idx";

-- AlterTable
ALTER TABLE "Lead" ADD COLUMN     "searchName" TEXT NOT NULL DEFAULT '',
ADD COLUMN     "searchText" TEXT NOT NULL DEFAULT '';

-- "searchText" and "searchName" follow the four fields on every write path (the API, bulk SQL), in the writer's transaction.
CREATE FUNCTION "lead_search_text_set"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  NEW."searchText" := "inmo_search_text"(NEW."firstName", NEW."lastName", NEW."email", NEW."company");
  NEW."searchName" := "inmo_search_text"(NEW."firstName", NEW."lastName", NULL, NULL);
  RETURN NEW;
END $$;

CREATE TRIGGER "lead_search_text" BEFORE INSERT OR UPDATE OF "firstName", "lastName", "email", "company", "searchText", "searchName" ON "Lead"
  FOR EACH ROW EXECUTE FUNCTION "lead_search_text_set"();

UPDATE "Lead" SET "searchText" = '';

-- CreateIndex
CREATE INDEX "Lead_organizationId_searchText_trgm_idx" ON "Lead" USING GIN ("organizationId" uuid_ops, "searchText" gin_trgm_ops);

-- CreateIndex
CREATE INDEX "Lead_organizationId_searchName_gist_idx" ON "Lead" USING GIST ("organizationId" gist_uuid_ops, "searchName" gist_trgm_ops);
