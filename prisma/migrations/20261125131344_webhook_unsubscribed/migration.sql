-- AlterEnum
ALTER TYPE "SubscriptionDisabledReason" ADD VALUE 'unsubscribed';
