-- AlterEnum: a payment refunded in part, with no refund of it outstanding
ALTER TYPE "refund_state" ADD VALUE 'partially_refunded' BEFORE 'processed';

-- CreateEnum
CREATE TYPE "refund_origin" AS ENUM ('store', 'paystack_dashboard');

-- AlterTable
ALTER TABLE "payment_attempts" ADD COLUMN     "refunded_amount_minor" INTEGER NOT NULL DEFAULT 0,
ADD COLUMN     "refund_origin" "refund_origin",
ADD COLUMN     "paystack_refund_id" TEXT;

-- Backfill: until now only the store asked for refunds, and a processed one was booked in full.
UPDATE "payment_attempts" SET "refund_origin" = 'store' WHERE "refund_state" IS NOT NULL;
UPDATE "payment_attempts" SET "refunded_amount_minor" = "amount_minor" WHERE "refund_state" = 'processed';
