-- Issue #21: drip-feed orders (decision 0026), delivered in runs opened on a schedule.
ALTER TABLE "orders" ADD COLUMN "drip_runs" INTEGER,
ADD COLUMN "drip_interval_minutes" INTEGER,
ADD COLUMN "drip_runs_opened" INTEGER NOT NULL DEFAULT 0,
ADD COLUMN "drip_next_run_at" TIMESTAMP(3),
ADD COLUMN "drip_refunded_quantity" INTEGER;
CREATE INDEX "orders_drip_next_run_at_idx" ON "orders"("drip_next_run_at");
