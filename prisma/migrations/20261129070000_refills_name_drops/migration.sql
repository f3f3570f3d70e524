-- Issue #48 item 7, decision 0041: a refill names the deliveries that dropped, and each is decided on
-- evidence like a flag. The workers' self-attested re-checks (decision 0025) end here, without
-- penalty: a refill still waiting for its re-check answers ends rejected and drops nothing; the client
-- may request one again (24 hours after the last, as always), naming the drops. Refills already re-delivering go on as they were.
ALTER TABLE "refills" ADD COLUMN "names_deliveries" BOOLEAN NOT NULL DEFAULT false;
ALTER TABLE "task_completions" ADD COLUMN "refill_id" INTEGER;
CREATE INDEX "task_completions_refill_id_idx" ON "task_completions"("refill_id");
ALTER TABLE "task_completions" ADD CONSTRAINT "task_completions_refill_id_fkey" FOREIGN KEY ("refill_id") REFERENCES "refills"("id") ON DELETE RESTRICT ON UPDATE CASCADE;

UPDATE "refills" SET "status" = 'rejected', "checked_at" = CURRENT_TIMESTAMP, "updated_at" = CURRENT_TIMESTAMP WHERE "status" = 'pending';
