-- CreateEnum
CREATE TYPE "CalendarConnectionStatus" AS ENUM ('active', 'reconnect_required');

-- CreateTable
CREATE TABLE "CalendarConnection" (
    "id" UUID NOT NULL,
    "organizationId" UUID NOT NULL,
    "userId" UUID NOT NULL,
    "provider" TEXT NOT NULL DEFAULT 'google',
    "accountEmail" TEXT NOT NULL,
    "scopes" TEXT[],
    "refreshTokenCiphertext" TEXT NOT NULL,
    "accessTokenCiphertext" TEXT,
    "accessTokenExpiresAt" TIMESTAMPTZ(3),
    "status" "CalendarConnectionStatus" NOT NULL DEFAULT 'active',
    "connectedAt" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "lastRefreshedAt" TIMESTAMPTZ(3),
    "updatedAt" TIMESTAMPTZ(3) NOT NULL,

    CONSTRAINT "CalendarConnection_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "CalendarEventLink" (
    "id" UUID NOT NULL,
    "organizationId" UUID NOT NULL,
    "provider" TEXT NOT NULL DEFAULT 'google',
    "externalEventId" TEXT NOT NULL,
    "userId" UUID NOT NULL,
    "leadId" TEXT NOT NULL,
    "activityId" TEXT,
    "title" TEXT NOT NULL DEFAULT '',
    "startAt" TIMESTAMPTZ(3),
    "endAt" TIMESTAMPTZ(3),
    "createdAt" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "CalendarEventLink_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE UNIQUE INDEX "CalendarConnection_organizationId_userId_provider_key" ON "CalendarConnection"("organizationId", "userId", "provider");

-- CreateIndex
CREATE UNIQUE INDEX "CalendarEventLink_organizationId_provider_externalEventId_key" ON "CalendarEventLink"("organizationId", "provider", "externalEventId");

-- CreateIndex
CREATE INDEX "CalendarEventLink_organizationId_leadId_idx" ON "CalendarEventLink"("organizationId", "leadId");

-- AddForeignKey
ALTER TABLE "CalendarConnection" ADD CONSTRAINT "CalendarConnection_organizationId_fkey" FOREIGN KEY ("organizationId") REFERENCES "Organization"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "CalendarConnection" ADD CONSTRAINT "CalendarConnection_userId_fkey" FOREIGN KEY ("userId") REFERENCES "User"("id") ON DELETE CASCADE ON UPDATE CASCADE;
