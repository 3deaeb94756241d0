-- AlterTable
ALTER TABLE "Lead" ADD COLUMN     "language" "Locale";
