-- btree_gin lets the organization lead the trigram GIN indexes below, so text search reads one organization's matches only.
CREATE EXTENSION IF NOT EXISTS btree_gin;

-- DropIndex
DROP INDEX "Lead_company_trgm_idx";

-- DropIndex
DROP INDEX "Lead_email_trgm_idx";

-- DropIndex
DROP INDEX "Lead_firstName_trgm_idx";

-- DropIndex
DROP INDEX "Lead_lastName_trgm_idx";

-- CreateIndex
CREATE INDEX "Lead_organizationId_firstName_trgm_idx" ON "Lead" USING GIN ("organizationId" uuid_ops, "firstName" gin_trgm_ops);

-- CreateIndex
CREATE INDEX "Lead_organizationId_lastName_trgm_idx" ON "Lead" USING GIN ("organizationId" uuid_ops, "lastName" gin_trgm_ops);

-- CreateIndex
CREATE INDEX "Lead_organizationId_email_trgm_idx" ON "Lead" USING GIN ("organizationId" uuid_ops, "email" gin_trgm_ops);

-- CreateIndex
CREATE INDEX "Lead_organizationId_company_trgm_idx" ON "Lead" USING GIN ("organizationId" uuid_ops, "company" gin_trgm_ops);
