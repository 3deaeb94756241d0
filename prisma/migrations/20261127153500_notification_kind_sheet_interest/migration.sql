-- AlterEnum
ALTER TYPE "NotificationKind" ADD VALUE 'sheet_interest';
