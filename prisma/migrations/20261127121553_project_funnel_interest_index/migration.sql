-- CreateIndex
CREATE INDEX "LeadInterest_projectIds_idx" ON "LeadInterest" USING GIN ("projectIds");
