-- AlterTable
ALTER TABLE "OAuthRefreshToken" ADD COLUMN     "successor" TEXT;
