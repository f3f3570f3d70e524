-- AlterEnum
ALTER TYPE "payout_status" ADD VALUE 'rejected';
