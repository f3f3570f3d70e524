-- AlterEnum
ALTER TYPE "user_status" ADD VALUE 'rejected';

-- AlterEnum
ALTER TYPE "ledger_entry_kind" ADD VALUE 'earning_release';
ALTER TYPE "ledger_entry_kind" ADD VALUE 'earning_reversal';

-- CreateEnum
CREATE TYPE "ledger_bucket" AS ENUM ('held', 'available');

-- CreateEnum
CREATE TYPE "completion_review" AS ENUM ('held', 'approved', 'rejected');

-- AlterTable
ALTER TABLE "ledger_entries" ADD COLUMN     "bucket" "ledger_bucket" NOT NULL DEFAULT 'available';

-- AlterTable
ALTER TABLE "task_completions" ADD COLUMN     "target_url" TEXT NOT NULL,
ADD COLUMN     "platform" "platform" NOT NULL,
ADD COLUMN     "handle" TEXT NOT NULL,
ADD COLUMN     "review" "completion_review" NOT NULL DEFAULT 'held',
ADD COLUMN     "hold_until" TIMESTAMP(3) NOT NULL,
ADD COLUMN     "reviewed_at" TIMESTAMP(3),
ADD COLUMN     "rejection_reason" TEXT;

-- CreateTable
CREATE TABLE "worker_handles" (
    "id" SERIAL NOT NULL,
    "worker_id" INTEGER NOT NULL,
    "platform" "platform" NOT NULL,
    "handle" TEXT NOT NULL,
    "created_at" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "worker_handles_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE UNIQUE INDEX "worker_handles_worker_id_platform_key" ON "worker_handles"("worker_id", "platform");

-- CreateIndex
CREATE UNIQUE INDEX "worker_handles_platform_handle_key" ON "worker_handles"("platform", "handle");

-- CreateIndex
CREATE UNIQUE INDEX "task_completions_target_url_worker_id_key" ON "task_completions"("target_url", "worker_id");

-- CreateIndex
CREATE UNIQUE INDEX "task_completions_target_url_platform_handle_key" ON "task_completions"("target_url", "platform", "handle");

-- CreateIndex
CREATE INDEX "task_completions_review_hold_until_idx" ON "task_completions"("review", "hold_until");

-- CreateIndex
CREATE INDEX "ledger_entries_user_id_bucket_idx" ON "ledger_entries"("user_id", "bucket");

-- AddForeignKey
ALTER TABLE "worker_handles" ADD CONSTRAINT "worker_handles_worker_id_fkey" FOREIGN KEY ("worker_id") REFERENCES "users"("id") ON DELETE RESTRICT ON UPDATE CASCADE;
