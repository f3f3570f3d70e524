-- CreateIndex
-- Available tasks show one entry per target (its oldest open order's task): each candidate looks for
-- an older open task on its target through this index, and completing claims that oldest one.
CREATE INDEX "tasks_target_url_status_created_at_idx" ON "tasks"("target_url", "status", "created_at");
