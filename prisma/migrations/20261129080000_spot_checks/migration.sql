-- Issue #48 item 6: the store asks for a screenshot on a sample of completions (each worker's first
-- ones, then about 1 in 20). A sampled delivery is flagged by the store, not by its client: it is
-- answered and decided like a flag, but counts on no client's flag record.
ALTER TABLE "task_completions" ADD COLUMN "is_spot_check" BOOLEAN NOT NULL DEFAULT false;
