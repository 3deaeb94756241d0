-- AlterTable
ALTER TABLE "ApiUsageDay" DROP CONSTRAINT "ApiUsageDay_pkey",
ADD COLUMN     "userId" TEXT NOT NULL DEFAULT '',
ADD CONSTRAINT "ApiUsageDay_pkey" PRIMARY KEY ("organizationId", "day", "credentialKind", "credentialId", "userId", "category");
