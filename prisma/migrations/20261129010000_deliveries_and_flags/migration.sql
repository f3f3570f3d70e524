-- Issue #48: a delivery (one completion) is checked by the buyer and decided on evidence. Its state
-- is written only by app/features/deliveries/delivery-lifecycle.server.ts (decision 0040).
CREATE TYPE "delivery_state" AS ENUM ('counted', 'screening', 'flagged', 'under_review', 'stood', 'dropped', 'replaced');

ALTER TABLE "task_completions"
  ADD COLUMN "delivery_state" "delivery_state" NOT NULL DEFAULT 'counted',
  ADD COLUMN "flagged_at" TIMESTAMP(3),
  ADD COLUMN "flag_note" TEXT,
  ADD COLUMN "evidence_due_at" TIMESTAMP(3),
  ADD COLUMN "evidence_at" TIMESTAMP(3),
  ADD COLUMN "decided_at" TIMESTAMP(3),
  ADD COLUMN "decision_reason" TEXT,
  ADD COLUMN "decided_by_id" INTEGER;

-- What the earlier refill re-checks and admin rejections took back is a drop.
UPDATE "task_completions" SET "delivery_state" = 'dropped', "decided_at" = coalesce("dropped_at", "reviewed_at"), "dropped_at" = coalesce("dropped_at", "reviewed_at")
  WHERE "dropped_at" IS NOT NULL OR "review" = 'rejected';

CREATE INDEX "task_completions_delivery_state_evidence_due_at_idx" ON "task_completions"("delivery_state", "evidence_due_at");
ALTER TABLE "task_completions" ADD CONSTRAINT "task_completions_decided_by_id_fkey" FOREIGN KEY ("decided_by_id") REFERENCES "users"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- A dropped delivery is delivered again, at the store's cost, by a task of one slot that names it:
-- its completion marks the dropped one replaced instead of counting on the order again.
ALTER TABLE "tasks" ADD COLUMN "replaces_completion_id" INTEGER;
CREATE UNIQUE INDEX "tasks_replaces_completion_id_key" ON "tasks"("replaces_completion_id");
ALTER TABLE "tasks" ADD CONSTRAINT "tasks_replaces_completion_id_fkey" FOREIGN KEY ("replaces_completion_id") REFERENCES "task_completions"("id") ON DELETE RESTRICT ON UPDATE CASCADE;
