-- AlterTable
-- An unpaid order the store cancelled because it was not paid in time (decision 0020): its status
-- is 'cancelled' and this column says when and why. The expiry job finds candidates through the
-- existing (status, created_at) index.
ALTER TABLE "orders" ADD COLUMN     "expired_at" TIMESTAMP(3);
