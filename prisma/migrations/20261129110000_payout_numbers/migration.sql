-- Issue #49: a new payout number is confirmed by a link e-mailed to the worker before its first
-- withdrawal. The link is an account token (single-use, stored hashed) naming the number.
ALTER TYPE "AccountTokenPurpose" ADD VALUE 'payout_number';

CREATE TABLE "payout_numbers" (
    "id" SERIAL NOT NULL,
    "worker_id" INTEGER NOT NULL,
    "account_number" TEXT NOT NULL,
    "bank_code" TEXT NOT NULL,
    "confirmed_at" TIMESTAMP(3),
    "created_at" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "payout_numbers_pkey" PRIMARY KEY ("id")
);
CREATE UNIQUE INDEX "payout_numbers_worker_id_account_number_bank_code_key" ON "payout_numbers"("worker_id", "account_number", "bank_code");
ALTER TABLE "payout_numbers" ADD CONSTRAINT "payout_numbers_worker_id_fkey" FOREIGN KEY ("worker_id") REFERENCES "users"("id") ON DELETE CASCADE ON UPDATE CASCADE;

ALTER TABLE "account_tokens" ADD COLUMN "payout_number_id" INTEGER;
ALTER TABLE "account_tokens" ADD CONSTRAINT "account_tokens_payout_number_id_fkey" FOREIGN KEY ("payout_number_id") REFERENCES "payout_numbers"("id") ON DELETE CASCADE ON UPDATE CASCADE;
