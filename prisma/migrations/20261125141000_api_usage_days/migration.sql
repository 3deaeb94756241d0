-- CreateTable
CREATE TABLE "ApiUsageDay" (
    "organizationId" UUID NOT NULL,
    "day" DATE NOT NULL,
    "credentialKind" TEXT NOT NULL,
    "credentialId" TEXT NOT NULL,
    "category" TEXT NOT NULL,
    "requests" INTEGER NOT NULL DEFAULT 0,
    "units" INTEGER NOT NULL DEFAULT 0,

    CONSTRAINT "ApiUsageDay_pkey" PRIMARY KEY ("organizationId","day","credentialKind","credentialId","category")
);

-- AddForeignKey
ALTER TABLE "ApiUsageDay" ADD CONSTRAINT "ApiUsageDay_organizationId_fkey" FOREIGN KEY ("organizationId") REFERENCES "Organization"("id") ON DELETE CASCADE ON UPDATE CASCADE;
