-- AlterEnum
ALTER TYPE "NotificationKind" ADD VALUE 'unit_matched';
