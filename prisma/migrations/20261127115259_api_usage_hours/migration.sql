-- Usage is kept per UTC hour so the Usage page can show days in the organization's time zone.
-- CreateTable
CREATE TABLE "ApiUsageHour" (
    "organizationId" UUID NOT NULL,
    "hour" TIMESTAMPTZ(3) NOT NULL,
    "credentialKind" TEXT NOT NULL,
    "credentialId" TEXT NOT NULL,
    "userId" TEXT NOT NULL DEFAULT '',
    "category" TEXT NOT NULL,
    "requests" INTEGER NOT NULL DEFAULT 0,
    "units" INTEGER NOT NULL DEFAULT 0,

    CONSTRAINT "ApiUsageHour_pkey" PRIMARY KEY ("organizationId","hour","credentialKind","credentialId","userId","category")
);

-- The history kept so far: each UTC day's counts become that day's first hour (its hours were never recorded).
INSERT INTO "ApiUsageHour" ("organizationId", "hour", "credentialKind", "credentialId", "userId", "category", "requests", "units")
SELECT "organizationId", ("day"::timestamp AT TIME ZONE 'UTC'), "credentialKind", "credentialId", "userId", "category", "requests", "units"
FROM "ApiUsageDay";

-- DropForeignKey
ALTER TABLE "ApiUsageDay" DROP CONSTRAINT "ApiUsageDay_organizationId_fkey";

-- DropTable
DROP TABLE "ApiUsageDay";

-- AddForeignKey
ALTER TABLE "ApiUsageHour" ADD CONSTRAINT "ApiUsageHour_organizationId_fkey" FOREIGN KEY ("organizationId") REFERENCES "Organization"("id") ON DELETE CASCADE ON UPDATE CASCADE;
