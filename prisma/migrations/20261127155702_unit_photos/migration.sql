-- AlterTable
ALTER TABLE "Unit" ADD COLUMN     "photos" TEXT[] DEFAULT ARRAY[]::TEXT[];
