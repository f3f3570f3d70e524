-- AlterEnum: a transfer Paystack holds until an admin enters the OTP it sent
ALTER TYPE "payout_status" ADD VALUE 'awaiting_otp' BEFORE 'success';

-- AlterTable: how often, and when last, a payout's transfer was sent (the recovery re-sends lost ones)
ALTER TABLE "payouts" ADD COLUMN     "transfer_attempts" INTEGER NOT NULL DEFAULT 0,
ADD COLUMN     "last_sent_at" TIMESTAMP(3);

-- Backfill: every payout approved until now had its transfer sent once
UPDATE "payouts" SET "transfer_attempts" = 1, "last_sent_at" = "updated_at" WHERE "status" NOT IN ('pending', 'rejected');
