-- CreateEnum
CREATE TYPE "refund_state" AS ENUM ('requested', 'pending', 'processed', 'failed');

-- AlterTable
ALTER TABLE "payment_attempts" ADD COLUMN     "payer_email" TEXT,
ADD COLUMN     "phone" TEXT,
ADD COLUMN     "display_text" TEXT,
ADD COLUMN     "check_count" INTEGER NOT NULL DEFAULT 0,
ADD COLUMN     "next_check_at" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
ADD COLUMN     "last_checked_at" TIMESTAMP(3),
ADD COLUMN     "refund_state" "refund_state",
ADD COLUMN     "refund_requested_at" TIMESTAMP(3),
ADD COLUMN     "refunded_at" TIMESTAMP(3);

-- CreateIndex
CREATE INDEX "payment_attempts_next_check_at_idx" ON "payment_attempts"("next_check_at");

-- CreateIndex
CREATE INDEX "payment_attempts_refund_state_idx" ON "payment_attempts"("refund_state");
