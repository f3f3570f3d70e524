-- AlterEnum
ALTER TYPE "order_status" ADD VALUE 'partial';

-- AlterTable
ALTER TABLE "orders" ADD COLUMN     "checkout_key" TEXT,
ADD COLUMN     "refund_requested_at" TIMESTAMP(3);

-- CreateIndex
CREATE UNIQUE INDEX "orders_client_id_checkout_key_key" ON "orders"("client_id", "checkout_key");
