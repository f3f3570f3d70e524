-- Issue #49: unpaid top-ups expire like unpaid orders (UNPAID_ORDER_EXPIRY_HOURS after they were
-- created, once no payment of them is still open); the job finds them by creation time.
ALTER TABLE "wallet_top_ups" ADD COLUMN "expired_at" TIMESTAMP(3);
CREATE INDEX "wallet_top_ups_created_at_idx" ON "wallet_top_ups"("created_at");
