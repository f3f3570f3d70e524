-- Issue #50, decision 0047: a comments order's lines go to workers one each, never twice. A worker
-- asks for a line ("Get my comment"): it is reserved for them until reserved_until; their completion
-- binds it (completion_id, unique: one line per completion and one completion per line). A
-- reservation that lapses unbound goes back to the pool.
ALTER TABLE "order_comment_lines" ADD COLUMN "worker_id" INTEGER;
ALTER TABLE "order_comment_lines" ADD COLUMN "reserved_until" TIMESTAMP(3);
ALTER TABLE "order_comment_lines" ADD COLUMN "completion_id" INTEGER;
ALTER TABLE "order_comment_lines" ADD CONSTRAINT "order_comment_lines_worker_id_fkey" FOREIGN KEY ("worker_id") REFERENCES "users"("id") ON DELETE RESTRICT ON UPDATE CASCADE;
ALTER TABLE "order_comment_lines" ADD CONSTRAINT "order_comment_lines_completion_id_fkey" FOREIGN KEY ("completion_id") REFERENCES "task_completions"("id") ON DELETE RESTRICT ON UPDATE CASCADE;
ALTER TABLE "order_comment_lines" ADD CONSTRAINT "order_comment_lines_reserved_with_worker" CHECK ("reserved_until" IS NULL OR "worker_id" IS NOT NULL);
ALTER TABLE "order_comment_lines" ADD CONSTRAINT "order_comment_lines_bound_with_worker" CHECK ("completion_id" IS NULL OR "worker_id" IS NOT NULL);
CREATE UNIQUE INDEX "order_comment_lines_completion_id_key" ON "order_comment_lines"("completion_id");
-- A worker's own line, looked up on each card and completion.
CREATE INDEX "order_comment_lines_worker_id_idx" ON "order_comment_lines"("worker_id");
